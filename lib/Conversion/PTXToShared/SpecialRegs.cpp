//===- SpecialRegs.cpp - %tid, %laneid, %clock and the other sregs --------===//
//
// The mapping, documented in docs/lowering.md:
//   %tid %ntid %ctaid %nctaid      wave.thread_id/block_dim/block_id/grid_dim
//   %laneid                        lane in the CUDA warp: lane_id & 31
//   %warpid                        linear thread index / 32
//   %nwarpid                       32 (1024 threads / 32)
//   %lanemask_*                    computed from %laneid
//   %clock %clock_hi %clock64      wave.clock (hardware cycle counter)
//   %globaltimer(_lo/_hi)          wave.global_timer (nanoseconds)
//   %smid 0, %nsmid 1, %gridid 0   any value is allowed by the manual
//   clusters                       every block is a cluster of one
//   %total_smem_size %aggr_smem_size  wave.shared_size rounded up to 128
//   %dynamic_smem_size             wave.shared_size dynamic
//   %reserved_smem_offset_*        0 (no reserved shared memory)
//   %pm*, %envreg*                 0 (no profiler; our driver's values)
//   %current_graph_exec            0 (no device graphs)
//   %perctamemorysize              the entry's pitch (a constant)
//   %perctamemoryoffset            region base (the entry's last argument)
//                                  + linear block index * pitch
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"
#include "ptxmlir/Conversion/KernelAttrs.h"

using namespace mlir;
using namespace mlir::ptx;
using namespace mlir::ptx::lowering;

namespace {

struct SregLowering : public PTXPattern<SregOp> {
  using PTXPattern::PTXPattern;

  Value laneInWarp(OpBuilder &b, Location loc) const {
    Value lane = wave::LaneIdOp::create(b, loc, b.getI32Type());
    if (state.waveSize == 32)
      return lane;
    return arith::AndIOp::create(b, loc, lane,
                                 intConst(b, loc, b.getI32Type(), 31));
  }

  /// `.minperctamemory` entries: the base of this CTA's slice of the
  /// region the runtime passes in the last argument, or the pitch.
  FailureOr<Value> perCTAMemory(ConversionPatternRewriter &b, SregOp op) const {
    Location loc = op.getLoc();
    auto fn = op->getParentOfType<LLVM::LLVMFuncOp>();
    auto pitch =
        fn ? fn->getAttrOfType<IntegerAttr>(kPerCTAMemoryPitchAttr) : nullptr;
    if (!pitch)
      return op->emitError() << "'%" << stringifySpecialReg(op.getReg())
                             << "' outside an .entry with .minperctamemory";
    auto i64 = b.getI64Type();
    if (op.getReg() == SpecialReg::perctamemorysize)
      return intConst(b, loc, b.getI32Type(), pitch.getInt());
    auto id = [&](int dim, bool count) -> Value {
      Type i32 = b.getI32Type();
      Value v = count ? wave::GridDimOp::create(b, loc, i32, dim).getResult()
                      : wave::BlockIdOp::create(b, loc, i32, dim).getResult();
      return arith::ExtUIOp::create(b, loc, i64, v);
    };
    // ctaid.x + nctaid.x * (ctaid.y + nctaid.y * ctaid.z), in 64 bits.
    Value linear = arith::AddIOp::create(
        b, loc, id(0, false),
        arith::MulIOp::create(
            b, loc, id(0, true),
            arith::AddIOp::create(
                b, loc, id(1, false),
                arith::MulIOp::create(b, loc, id(1, true), id(2, false)))));
    Value base = LLVM::PtrToIntOp::create(
        b, loc, i64, fn.getArgument(fn.getNumArguments() - 1));
    Value offset = arith::MulIOp::create(b, loc, linear,
                                         intConst(b, loc, i64, pitch.getInt()));
    return arith::AddIOp::create(b, loc, base, offset).getResult();
  }

  LogicalResult
  matchAndRewrite(SregOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    OpBuilder &b = rewriter;
    auto i32 = b.getI32Type(), i64 = b.getI64Type();
    int32_t dim = op.getDim() ? *op.getDim() : 0;
    Value v;
    switch (op.getReg()) {
    case SpecialReg::tid:
      v = wave::ThreadIdOp::create(b, loc, b.getI32Type(), dim);
      break;
    case SpecialReg::ntid:
      v = wave::BlockDimOp::create(b, loc, b.getI32Type(), dim);
      break;
    case SpecialReg::ctaid:
    case SpecialReg::clusterid:
      v = wave::BlockIdOp::create(b, loc, b.getI32Type(), dim);
      break;
    case SpecialReg::nctaid:
    case SpecialReg::nclusterid:
      v = wave::GridDimOp::create(b, loc, b.getI32Type(), dim);
      break;
    case SpecialReg::cluster_ctaid:
    case SpecialReg::cluster_ctarank:
    case SpecialReg::smid:
    case SpecialReg::gridid:
    case SpecialReg::is_explicit_cluster:
      v = intConst(b, loc, i32, 0);
      break;
    case SpecialReg::cluster_nctaid:
    case SpecialReg::cluster_nctarank:
    case SpecialReg::nsmid:
      v = intConst(b, loc, i32, 1);
      break;
    case SpecialReg::nwarpid:
      v = intConst(b, loc, i32, 32);
      break;
    case SpecialReg::laneid:
      v = laneInWarp(b, loc);
      break;
    case SpecialReg::warpid: {
      Value x = wave::ThreadIdOp::create(b, loc, b.getI32Type(), 0);
      Value y = wave::ThreadIdOp::create(b, loc, b.getI32Type(), 1);
      Value z = wave::ThreadIdOp::create(b, loc, b.getI32Type(), 2);
      Value nx = wave::BlockDimOp::create(b, loc, b.getI32Type(), 0);
      Value ny = wave::BlockDimOp::create(b, loc, b.getI32Type(), 1);
      Value lin = arith::AddIOp::create(
          b, loc, x,
          arith::MulIOp::create(
              b, loc, nx,
              arith::AddIOp::create(b, loc, y,
                                    arith::MulIOp::create(b, loc, ny, z))));
      v = arith::ShRUIOp::create(b, loc, lin, intConst(b, loc, i32, 5));
      break;
    }
    case SpecialReg::lanemask_eq:
    case SpecialReg::lanemask_le:
    case SpecialReg::lanemask_lt:
    case SpecialReg::lanemask_ge:
    case SpecialReg::lanemask_gt: {
      Value lane = arith::ExtUIOp::create(b, loc, i64, laneInWarp(b, loc));
      Value one = intConst(b, loc, i64, 1);
      Value bit = arith::ShLIOp::create(b, loc, one, lane);
      Value lt = arith::SubIOp::create(b, loc, bit, one);
      Value le = arith::OrIOp::create(b, loc, lt, bit);
      Value ones = intConst(b, loc, i64, 0xffffffff);
      switch (op.getReg()) {
      case SpecialReg::lanemask_eq:
        v = bit;
        break;
      case SpecialReg::lanemask_lt:
        v = lt;
        break;
      case SpecialReg::lanemask_le:
        v = le;
        break;
      case SpecialReg::lanemask_ge:
        v = arith::XOrIOp::create(b, loc, lt, ones);
        break;
      default:
        v = arith::XOrIOp::create(b, loc, le, ones);
        break;
      }
      v = arith::TruncIOp::create(b, loc, i32, v);
      break;
    }
    case SpecialReg::clock:
    case SpecialReg::clock64:
      v = wave::ClockOp::create(b, loc, b.getI64Type());
      break;
    case SpecialReg::clock_hi:
      v = arith::ShRUIOp::create(b, loc,
                                 wave::ClockOp::create(b, loc, b.getI64Type()),
                                 intConst(b, loc, i64, 32));
      break;
    case SpecialReg::globaltimer:
    case SpecialReg::globaltimer_lo:
      v = wave::GlobalTimerOp::create(b, loc, b.getI64Type());
      break;
    case SpecialReg::globaltimer_hi:
      v = arith::ShRUIOp::create(
          b, loc, wave::GlobalTimerOp::create(b, loc, b.getI64Type()),
          intConst(b, loc, i64, 32));
      break;
    case SpecialReg::total_smem_size:
    case SpecialReg::aggr_smem_size: {
      // NVIDIA reports whole 128-byte allocation units; there is no
      // reserved region, so the aggregate is the total.
      Value n = wave::SharedSizeOp::create(b, loc, i32, false);
      n = arith::AddIOp::create(b, loc, n, intConst(b, loc, i32, 127));
      v = arith::AndIOp::create(b, loc, n, intConst(b, loc, i32, ~127));
      break;
    }
    case SpecialReg::dynamic_smem_size:
      v = wave::SharedSizeOp::create(b, loc, i32, true);
      break;
    case SpecialReg::reserved_smem_offset_begin:
    case SpecialReg::reserved_smem_offset_end:
    case SpecialReg::reserved_smem_offset_cap:
    case SpecialReg::reserved_smem_offset_0:
    case SpecialReg::reserved_smem_offset_1:
      // No shared memory is reserved for system software: an empty region.
      v = intConst(b, loc, i32, 0);
      break;
    case SpecialReg::pm0:
    case SpecialReg::pm1:
    case SpecialReg::pm2:
    case SpecialReg::pm3:
    case SpecialReg::pm4:
    case SpecialReg::pm5:
    case SpecialReg::pm6:
    case SpecialReg::pm7:
    case SpecialReg::pm0_64:
    case SpecialReg::pm1_64:
    case SpecialReg::pm2_64:
    case SpecialReg::pm3_64:
    case SpecialReg::pm4_64:
    case SpecialReg::pm5_64:
    case SpecialReg::pm6_64:
    case SpecialReg::pm7_64:
      // No profiler programs the counters, so they do not count (NVIDIA
      // reads 0 too without one).
      v = intConst(b, loc, i64, 0);
      break;
    case SpecialReg::envreg:
      // The driver defines them; ours defines all 32 as 0.
      v = intConst(b, loc, i32, 0);
      break;
    case SpecialReg::current_graph_exec:
      // Kernels are never launched from a device graph here.
      v = intConst(b, loc, i64, 0);
      break;
    case SpecialReg::perctamemoryoffset:
    case SpecialReg::perctamemorysize: {
      FailureOr<Value> r = perCTAMemory(rewriter, op);
      if (failed(r))
        return failure();
      v = *r;
      break;
    }
    }
    rewriter.replaceOp(op, adapt(b, loc, v, op.getType()));
    return success();
  }
};

} // namespace

void lowering::populateSpecialRegPatterns(SharedTypeConverter &tc,
                                          RewritePatternSet &p,
                                          LoweringState &s) {
  p.add<SregLowering>(tc, p.getContext(), s);
}
