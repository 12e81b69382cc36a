// RUN: ptx-opt %s -split-input-file -verify-diagnostics
//
// One case per PTX rule of the mbarrier and asynchronous-copy verifiers
// (PTXVerifiersAsync.cpp).

// mbarrier.init.shared.b64 [%r2], 32;
%a0 = ptx.undef : i32
%a1 = arith.constant 32 : i64
// expected-error @+1 {{mbarrier objects are .b64}}
ptx.mbarrier_init %a0, %a1 {addr_offset = 0 : i64, space = #ptx.space<shared>, type = #ptx.type<b32>} : (i32, i64) -> ()

// -----

// mbarrier.init.shared.b64 [%r2], 32;
%a0 = ptx.undef : i32
%a1 = arith.constant 32 : i64
// expected-error @+1 {{mbarrier state space must be .shared{::cta}}}
ptx.mbarrier_init %a0, %a1 {addr_offset = 0 : i64, space = #ptx.space<"shared::cluster">, type = #ptx.type<b64>} : (i32, i64) -> ()

// -----

// mbarrier.arrive.shared.b64 %rd2, [%r2];
%a0 = ptx.undef : i32
// expected-error @+1 {{mbarrier state space must be .shared{::cta} or .shared::cluster}}
%r = ptx.mbarrier_arrive %a0 {addr_offset = 0 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0>, space = #ptx.space<global>, type = #ptx.type<b64>} : (i32) -> i64

// -----

// mbarrier.init.shared.b64 [%r2], 32;
%a0 = ptx.undef : i32
%a1 = arith.constant 0 : i64
// expected-error @+1 {{the expected count must be in 1..2^20-1}}
ptx.mbarrier_init %a0, %a1 {addr_offset = 0 : i64, space = #ptx.space<shared>, type = #ptx.type<b64>} : (i32, i64) -> ()

// -----

// mbarrier.inval.shared.b64 [%r2];
%a0 = ptx.undef : i32
// expected-error @+1 {{mbarrier objects are .b64}}
ptx.mbarrier_inval %a0 {addr_offset = 0 : i64, space = #ptx.space<shared>, type = #ptx.type<u64>} : (i32) -> ()

// -----

// mbarrier.arrive.shared.b64 %rd2, [%r2];
%a0 = ptx.undef : i32
// expected-error @+1 {{.sem and .scope are written together}}
%r = ptx.mbarrier_arrive %a0 {addr_offset = 0 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0>, sem = #ptx.sem<release>, space = #ptx.space<shared>, type = #ptx.type<b64>} : (i32) -> i64

// -----

// mbarrier.arrive.shared.b64 %rd2, [%r2];
%a0 = ptx.undef : i32
// expected-error @+1 {{semantics .acquire is not valid here}}
%r = ptx.mbarrier_arrive %a0 {addr_offset = 0 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0>, scope = #ptx.scope<cta>, sem = #ptx.sem<acquire>, space = #ptx.space<shared>, type = #ptx.type<b64>} : (i32) -> i64

// -----

// mbarrier.arrive.shared.b64 %rd2, [%r2];
%a0 = ptx.undef : i32
// expected-error @+1 {{scope .gpu is not valid here}}
%r = ptx.mbarrier_arrive %a0 {addr_offset = 0 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0>, scope = #ptx.scope<gpu>, sem = #ptx.sem<release>, space = #ptx.space<shared>, type = #ptx.type<b64>} : (i32) -> i64

// -----

// mbarrier.arrive.relaxed.cluster.shared::cluster.b64 _, [%r2];
%a0 = ptx.undef : i32
// expected-error @+1 {{an arrive on a .shared::cluster mbarrier returns no state (use '_')}}
%r = ptx.mbarrier_arrive %a0 {addr_offset = 0 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0>, scope = #ptx.scope<cluster>, sem = #ptx.sem<relaxed>, space = #ptx.space<"shared::cluster">, type = #ptx.type<b64>} : (i32) -> i64

// -----

// mbarrier.arrive.shared.b64 %rd2, [%r2];
%a0 = ptx.undef : i32
// expected-error @+1 {{.expect_tx needs a transaction count}}
%r = ptx.mbarrier_arrive %a0 {addr_offset = 0 : i64, expect_tx, operandSegmentSizes = array<i32: 1, 0, 0, 0>, space = #ptx.space<shared>, type = #ptx.type<b64>} : (i32) -> i64

// -----

// mbarrier.arrive.noComplete.shared.b64 %rd3, [%r2], 1;
%a0 = ptx.undef : i32
%a1 = arith.constant 1 : i64
// expected-error @+1 {{.noComplete and .expect_tx are exclusive}}
%r = ptx.mbarrier_arrive %a0, %a1 {addr_offset = 0 : i64, expect_tx, noComplete, space = #ptx.space<shared>, type = #ptx.type<b64>} : (i32, i64) -> i64

// -----

// mbarrier.arrive.shared.b64 %rd2, [%r2];
%a0 = ptx.undef : i32
// expected-error @+1 {{.noComplete needs a count}}
%r = ptx.mbarrier_arrive %a0 {addr_offset = 0 : i64, noComplete, operandSegmentSizes = array<i32: 1, 0, 0, 0>, space = #ptx.space<shared>, type = #ptx.type<b64>} : (i32) -> i64

// -----

// mbarrier.arrive.noComplete.shared.b64 %rd3, [%r2], 1;
%a0 = ptx.undef : i32
%a1 = arith.constant 1 : i64
// expected-error @+1 {{.noComplete allows only .release.cta on a .shared{::cta} mbarrier}}
%r = ptx.mbarrier_arrive %a0, %a1 {addr_offset = 0 : i64, noComplete, scope = #ptx.scope<cluster>, sem = #ptx.sem<release>, space = #ptx.space<shared>, type = #ptx.type<b64>} : (i32, i64) -> i64

// -----

// mbarrier.arrive.shared.b64 %rd2, [%r2];
%a0 = ptx.undef : i32
// expected-error @+1 {{the state token is a 64-bit register}}
%r = ptx.mbarrier_arrive %a0 {addr_offset = 0 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0>, space = #ptx.space<shared>, type = #ptx.type<b64>} : (i32) -> i32

// -----

// mbarrier.arrive_drop.shared.b64 %rd2, [%r2];
%a0 = ptx.undef : i32
// expected-error @+1 {{mbarrier objects are .b64}}
%r = ptx.mbarrier_arrive_drop %a0 {addr_offset = 0 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0>, space = #ptx.space<shared>, type = #ptx.type<b32>} : (i32) -> i64

// -----

// mbarrier.expect_tx.relaxed.cta.shared.b64 [%r2], 64;
%a0 = ptx.undef : i32
%a1 = arith.constant 64 : i64
// expected-error @+1 {{semantics .release is not valid here}}
ptx.mbarrier_expect_tx %a0, %a1 {addr_offset = 0 : i64, scope = #ptx.scope<cta>, sem = #ptx.sem<release>, space = #ptx.space<shared>, type = #ptx.type<b64>} : (i32, i64) -> ()

// -----

// mbarrier.complete_tx.shared::cta.b64 [%r2], 64;
%a0 = ptx.undef : i32
%a1 = arith.constant 64 : i64
// expected-error @+1 {{mbarrier state space must be .shared{::cta} or .shared::cluster}}
ptx.mbarrier_complete_tx %a0, %a1 {addr_offset = 0 : i64, space = #ptx.space<local>, type = #ptx.type<b64>} : (i32, i64) -> ()

// -----

// mbarrier.test_wait.shared.b64 %p1, [%r2], %rd2;
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
// expected-error @+1 {{without .parity the operand is the 64-bit state token of mbarrier.arrive}}
%r = ptx.mbarrier_test_wait %a0, %a1 {addr_offset = 0 : i64, space = #ptx.space<shared>, type = #ptx.type<b64>} : (i32, i32) -> i1

// -----

// mbarrier.try_wait.shared::cta.b64 %p1, [%r2], %rd2, 1000;
%a0 = ptx.undef : i32
%a1 = ptx.undef : i64
%a2 = arith.constant 1000 : i64
// expected-error @+1 {{mbarrier state space must be .shared{::cta}}}
%r = ptx.mbarrier_try_wait %a0, %a1, %a2 {addr_offset = 0 : i64, space = #ptx.space<"shared::cluster">, type = #ptx.type<b64>} : (i32, i64, i64) -> i1

// -----

// mbarrier.pending_count.b64 %r4, %rd3;
%a0 = ptx.undef : i32
// expected-error @+1 {{the state token is a 64-bit register}}
%r = ptx.mbarrier_pending_count %a0 {type = #ptx.type<b64>} : (i32) -> i32

// -----

// mbarrier.pending_count.b64 %r4, %rd3;
%a0 = ptx.undef : i64
// expected-error @+1 {{mbarrier objects are .b64}}
%r = ptx.mbarrier_pending_count %a0 {type = #ptx.type<b32>} : (i64) -> i32

// -----

// cp.async.ca.shared.global [%r1], [%rd1], 4;
%a0 = ptx.undef : i32
%a1 = ptx.undef : i64
%a2 = arith.constant 4 : i64
// expected-error @+1 {{cache operator must be .ca or .cg}}
ptx.cp_async %a0, %a1, %a2 {cop = #ptx.cop<cs>, dst_offset = 0 : i64, dst_space = #ptx.space<shared>, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0>, src_offset = 0 : i64, src_space = #ptx.space<global>} : (i32, i64, i64) -> ()

// -----

// cp.async.ca.shared.global [%r1], [%rd1], 4;
%a0 = ptx.undef : i32
%a1 = ptx.undef : i64
%a2 = arith.constant 4 : i64
// expected-error @+1 {{cp.async copies .global to .shared{::cta}}}
ptx.cp_async %a0, %a1, %a2 {cop = #ptx.cop<ca>, dst_offset = 0 : i64, dst_space = #ptx.space<shared>, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0>, src_offset = 0 : i64, src_space = #ptx.space<shared>} : (i32, i64, i64) -> ()

// -----

// cp.async.ca.shared.global [%r1], [%rd1], 4;
%a0 = ptx.undef : i32
%a1 = ptx.undef : i64
%a2 = ptx.undef : i32
// expected-error @+1 {{the copy size must be the immediate 4, 8 or 16}}
ptx.cp_async %a0, %a1, %a2 {cop = #ptx.cop<ca>, dst_offset = 0 : i64, dst_space = #ptx.space<shared>, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0>, src_offset = 0 : i64, src_space = #ptx.space<global>} : (i32, i64, i32) -> ()

// -----

// cp.async.ca.shared.global [%r1], [%rd1], 4;
%a0 = ptx.undef : i32
%a1 = ptx.undef : i64
%a2 = arith.constant 4 : i64
// expected-error @+1 {{.cg copies 16 bytes}}
ptx.cp_async %a0, %a1, %a2 {cop = #ptx.cop<cg>, dst_offset = 0 : i64, dst_space = #ptx.space<shared>, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0>, src_offset = 0 : i64, src_space = #ptx.space<global>} : (i32, i64, i64) -> ()

// -----

// cp.async.ca.shared.global [%r1], [%rd1], 8, 4;
%a0 = ptx.undef : i32
%a1 = ptx.undef : i64
%a2 = arith.constant 8 : i64
%a3 = arith.constant 9 : i64
// expected-error @+1 {{the source size must be at most the copy size}}
ptx.cp_async %a0, %a1, %a2, %a3 {cop = #ptx.cop<ca>, dst_offset = 0 : i64, dst_space = #ptx.space<shared>, operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0, 0>, src_offset = 0 : i64, src_space = #ptx.space<global>} : (i32, i64, i64, i64) -> ()

// -----

// cp.async.wait_group 1;
%a0 = ptx.undef : i32
// expected-error @+1 {{the group count must be a non-negative immediate}}
ptx.cp_async_wait_group %a0 : (i32) -> ()

// -----

// cp.async.bulk.wait_group 1;
%a0 = ptx.undef : i32
// expected-error @+1 {{the group count must be a non-negative immediate}}
ptx.cp_async_bulk_wait_group %a0 : (i32) -> ()

// -----

// cp.async.mbarrier.arrive.shared.b64 [%r2];
%a0 = ptx.undef : i32
// expected-error @+1 {{mbarrier state space must be .shared{::cta}}}
ptx.cp_async_mbarrier_arrive %a0 {addr_offset = 0 : i64, space = #ptx.space<global>, type = #ptx.type<b64>} : (i32) -> ()

// -----

// cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%r1], [%rd1], 256, [%r2];
%a0 = ptx.undef : i32
%a1 = ptx.undef : i64
%a2 = arith.constant 256 : i64
%a3 = ptx.undef : i32
// expected-error @+1 {{copies .global to .shared::cta/.shared::cluster, .shared::cta to .shared::cluster, or .shared::cta to .global}}
ptx.cp_async_bulk %a0, %a1, %a2, %a3 {completion = #ptx.completion<"mbarrier::complete_tx::bytes">, dst_offset = 0 : i64, dst_space = #ptx.space<"shared::cluster">, mbar_offset = 0 : i64, operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0, 0, 0, 0>, src_offset = 0 : i64, src_space = #ptx.space<local>} : (i32, i64, i64, i32) -> ()

// -----

// cp.async.bulk.global.shared::cta.bulk_group [%rd1], [%r1], 256;
%a0 = ptx.undef : i64
%a1 = ptx.undef : i32
%a2 = arith.constant 256 : i64
// expected-error @+1 {{copies to .global complete in a bulk group}}
ptx.cp_async_bulk %a0, %a1, %a2 {completion = #ptx.completion<"mbarrier::complete_tx::bytes">, dst_offset = 0 : i64, dst_space = #ptx.space<global>, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0>, src_offset = 0 : i64, src_space = #ptx.space<"shared::cta">} : (i64, i32, i64) -> ()

// -----

// cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%r1], [%rd1], 256, [%r2];
%a0 = ptx.undef : i32
%a1 = ptx.undef : i64
%a2 = arith.constant 256 : i64
%a3 = ptx.undef : i32
// expected-error @+1 {{copies to shared memory complete on an mbarrier}}
ptx.cp_async_bulk %a0, %a1, %a2, %a3 {completion = #ptx.completion<bulk_group>, dst_offset = 0 : i64, dst_space = #ptx.space<"shared::cluster">, mbar_offset = 0 : i64, operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0, 0, 0, 0>, src_offset = 0 : i64, src_space = #ptx.space<global>} : (i32, i64, i64, i32) -> ()

// -----

// cp.async.bulk.global.shared::cta.bulk_group [%rd1], [%r1], 256;
%a0 = ptx.undef : i64
%a1 = ptx.undef : i32
%a2 = arith.constant 256 : i64
// expected-error @+1 {{the mbarrier operand goes with .mbarrier::complete_tx::bytes, and only with it}}
ptx.cp_async_bulk %a0, %a1, %a2 {completion = #ptx.completion<bulk_group>, dst_offset = 0 : i64, mbar_offset = 0 : i64, dst_space = #ptx.space<global>, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0>, src_offset = 0 : i64, src_space = #ptx.space<"shared::cta">} : (i64, i32, i64) -> ()

// -----

// cp.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes [%r1], [%r3], 256, [%r2];
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
%a2 = arith.constant 256 : i64
%a3 = ptx.undef : i32
// expected-error @+1 {{.multicast::cluster is only valid from .global to .shared::cluster}}
ptx.cp_async_bulk %a0, %a1, %a2, %a3 {completion = #ptx.completion<"mbarrier::complete_tx::bytes">, dst_offset = 0 : i64, dst_space = #ptx.space<"shared::cluster">, multicast = #ptx.multicast<"multicast::cluster">, mbar_offset = 0 : i64, operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0, 0, 0, 0>, src_offset = 0 : i64, src_space = #ptx.space<"shared::cta">} : (i32, i32, i64, i32) -> ()

// -----

// cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%r1], [%rd1], 256, [%r2];
%a0 = ptx.undef : i32
%a1 = ptx.undef : i64
%a2 = arith.constant 256 : i64
%a3 = ptx.undef : i32
// expected-error @+1 {{.cp_mask is only valid from .shared::cta to .global}}
ptx.cp_async_bulk %a0, %a1, %a2, %a3 {completion = #ptx.completion<"mbarrier::complete_tx::bytes">, cp_mask, dst_offset = 0 : i64, dst_space = #ptx.space<"shared::cluster">, mbar_offset = 0 : i64, operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0, 0, 0, 0>, src_offset = 0 : i64, src_space = #ptx.space<global>} : (i32, i64, i64, i32) -> ()

// -----

// cp.async.bulk.global.shared::cta.bulk_group.cp_mask [%rd1], [%r1], 256;
%a0 = ptx.undef : i64
%a1 = ptx.undef : i32
%a2 = arith.constant 256 : i64
// expected-error @+1 {{the byteMask operand goes with .cp_mask, and only with it}}
ptx.cp_async_bulk %a0, %a1, %a2 {completion = #ptx.completion<bulk_group>, cp_mask, dst_offset = 0 : i64, dst_space = #ptx.space<global>, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0>, src_offset = 0 : i64, src_space = #ptx.space<"shared::cta">} : (i64, i32, i64) -> ()

// -----

// cp.async.bulk.global.shared::cta.bulk_group [%rd1], [%r1], 256, %rs1;
%a0 = ptx.undef : i64
%a1 = ptx.undef : i32
%a2 = arith.constant 256 : i64
%a3 = ptx.undef : i16
// expected-error @+1 {{the byteMask operand goes with .cp_mask, and only with it}}
ptx.cp_async_bulk %a0, %a1, %a2, %a3 {completion = #ptx.completion<bulk_group>, dst_offset = 0 : i64, dst_space = #ptx.space<global>, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 1, 0, 0>, src_offset = 0 : i64, src_space = #ptx.space<"shared::cta">} : (i64, i32, i64, i16) -> ()

// -----

// cp.async.bulk.global.shared::cta.bulk_group.cp_mask [%rd1], [%r1], 256, %r2;
%a0 = ptx.undef : i64
%a1 = ptx.undef : i32
%a2 = arith.constant 256 : i64
%a3 = ptx.undef : i32
// expected-error @+1 {{byteMask is a 16-bit register or an immediate}}
ptx.cp_async_bulk %a0, %a1, %a2, %a3 {completion = #ptx.completion<bulk_group>, cp_mask, dst_offset = 0 : i64, dst_space = #ptx.space<global>, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 1, 0, 0>, src_offset = 0 : i64, src_space = #ptx.space<"shared::cta">} : (i64, i32, i64, i32) -> ()

// -----

// cp.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes [%r1], [%r3], 256, [%r2];
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
%a2 = arith.constant 256 : i64
%a3 = ptx.undef : i32
// expected-error @+1 {{.L2::cache_hint needs a .global side}}
ptx.cp_async_bulk %a0, %a1, %a2, %a3 {cache_hint = #ptx.cache_hint<"L2::cache_hint">, completion = #ptx.completion<"mbarrier::complete_tx::bytes">, dst_offset = 0 : i64, dst_space = #ptx.space<"shared::cluster">, mbar_offset = 0 : i64, operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0, 0, 0, 0>, src_offset = 0 : i64, src_space = #ptx.space<"shared::cta">} : (i32, i32, i64, i32) -> ()

// -----

// cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%r1], [%rd4, {%r5, %r6}], [%r2];
%a0 = ptx.undef : i32
%a1 = ptx.undef : i64
%a2 = ptx.undef : i32
%a3 = ptx.undef : i32
%a4 = ptx.undef : i32
// expected-error @+1 {{the tensor map is either a name or a register}}
ptx.cp_async_bulk_tensor %a0, %a1, %a2, %a3, %a4 {completion = #ptx.completion<"mbarrier::complete_tx::bytes">, dim = #ptx.tensor_dim<"2d">, dst_offset = 0 : i64, dst_space = #ptx.space<"shared::cluster">, tensor_map_sym = @gmap, load_mode = #ptx.load_mode<tile>, mem_offset = 0 : i64, operandSegmentSizes = array<i32: 1, 1, 2, 1, 0, 0, 0, 0, 0>, src_space = #ptx.space<global>} : (i32, i64, i32, i32, i32) -> ()

// -----

// cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [%rd4, {%r5, %r6}], [%r1];
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
%a2 = ptx.undef : i32
// expected-error @+1 {{needs a tensor map}}
ptx.cp_async_bulk_tensor %a0, %a1, %a2 {completion = #ptx.completion<bulk_group>, dim = #ptx.tensor_dim<"2d">, dst_space = #ptx.space<global>, mem_offset = 0 : i64, operandSegmentSizes = array<i32: 0, 0, 2, 1, 0, 0, 0, 0, 0>, src_space = #ptx.space<"shared::cta">} : (i32, i32, i32) -> ()

// -----

// cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [%rd4, {%r5, %r6}], [%r1];
%a0 = ptx.undef : i64
%a1 = ptx.undef : i32
%a2 = ptx.undef : i32
%a3 = ptx.undef : i32
// expected-error @+1 {{copies .global to .shared::cta/.shared::cluster or .shared::cta to .global}}
ptx.cp_async_bulk_tensor %a0, %a1, %a2, %a3 {completion = #ptx.completion<bulk_group>, dim = #ptx.tensor_dim<"2d">, dst_space = #ptx.space<local>, mem_offset = 0 : i64, operandSegmentSizes = array<i32: 0, 1, 2, 1, 0, 0, 0, 0, 0>, src_space = #ptx.space<"shared::cta">} : (i64, i32, i32, i32) -> ()

// -----

// cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [%rd4, {%r5, %r6}], [%r1];
%a0 = ptx.undef : i64
%a1 = ptx.undef : i32
%a2 = ptx.undef : i32
%a3 = ptx.undef : i32
// expected-error @+1 {{a tensor store writes through the tensor map, without a destination address}}
ptx.cp_async_bulk_tensor %a0, %a1, %a2, %a3 {completion = #ptx.completion<bulk_group>, dst_offset = 0 : i64, dim = #ptx.tensor_dim<"2d">, dst_space = #ptx.space<global>, mem_offset = 0 : i64, operandSegmentSizes = array<i32: 0, 1, 2, 1, 0, 0, 0, 0, 0>, src_space = #ptx.space<"shared::cta">} : (i64, i32, i32, i32) -> ()

// -----

// cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%r1], [%rd4, {%r5, %r6}], [%r2];
%a0 = ptx.undef : i64
%a1 = ptx.undef : i32
%a2 = ptx.undef : i32
%a3 = ptx.undef : i32
// expected-error @+1 {{a tensor load needs a shared destination address}}
ptx.cp_async_bulk_tensor %a0, %a1, %a2, %a3 {completion = #ptx.completion<"mbarrier::complete_tx::bytes">, dim = #ptx.tensor_dim<"2d">, dst_space = #ptx.space<"shared::cluster">, load_mode = #ptx.load_mode<tile>, mem_offset = 0 : i64, operandSegmentSizes = array<i32: 0, 1, 2, 1, 0, 0, 0, 0, 0>, src_space = #ptx.space<global>} : (i64, i32, i32, i32) -> ()

// -----

// cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%r1], [%rd4, {%r5, %r6}], [%r2];
%a0 = ptx.undef : i32
%a1 = ptx.undef : i64
%a2 = ptx.undef : i32
%a3 = ptx.undef : i32
%a4 = ptx.undef : i32
// expected-error @+1 {{tensor loads complete on an mbarrier}}
ptx.cp_async_bulk_tensor %a0, %a1, %a2, %a3, %a4 {completion = #ptx.completion<bulk_group>, dim = #ptx.tensor_dim<"2d">, dst_offset = 0 : i64, dst_space = #ptx.space<"shared::cluster">, load_mode = #ptx.load_mode<tile>, mem_offset = 0 : i64, operandSegmentSizes = array<i32: 1, 1, 2, 1, 0, 0, 0, 0, 0>, src_space = #ptx.space<global>} : (i32, i64, i32, i32, i32) -> ()

// -----

// cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [%rd4, {%r5, %r6}], [%r1];
%a0 = ptx.undef : i64
%a1 = ptx.undef : i32
%a2 = ptx.undef : i32
%a3 = ptx.undef : i32
// expected-error @+1 {{tensor stores complete in a bulk group}}
ptx.cp_async_bulk_tensor %a0, %a1, %a2, %a3 {completion = #ptx.completion<"mbarrier::complete_tx::bytes">, dim = #ptx.tensor_dim<"2d">, dst_space = #ptx.space<global>, mem_offset = 0 : i64, operandSegmentSizes = array<i32: 0, 1, 2, 1, 0, 0, 0, 0, 0>, src_space = #ptx.space<"shared::cta">} : (i64, i32, i32, i32) -> ()

// -----

// cp.async.bulk.tensor.3d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes [%r1], [%rd4, {%r5, %r6, %r7}], [%r2], {%rs1};
%a0 = ptx.undef : i32
%a1 = ptx.undef : i64
%a2 = ptx.undef : i32
%a3 = ptx.undef : i32
%a4 = ptx.undef : i32
%a5 = ptx.undef : i32
%a6 = ptx.undef : i16
// expected-error @+1 {{.tile::gather4 and .tile::scatter4 are .2d}}
ptx.cp_async_bulk_tensor %a0, %a1, %a2, %a3, %a4, %a5, %a6 {completion = #ptx.completion<"mbarrier::complete_tx::bytes">, dim = #ptx.tensor_dim<"3d">, dst_offset = 0 : i64, dst_space = #ptx.space<"shared::cluster">, load_mode = #ptx.load_mode<"tile::gather4">, mem_offset = 0 : i64, operandSegmentSizes = array<i32: 1, 1, 3, 1, 1, 0, 0, 0, 0>, src_space = #ptx.space<global>} : (i32, i64, i32, i32, i32, i32, i16) -> ()

// -----

// cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%r1], [%rd4, {%r5, %r6}], [%r2];
%a0 = ptx.undef : i32
%a1 = ptx.undef : i64
%a2 = ptx.undef : i32
%a3 = ptx.undef : i32
%a4 = ptx.undef : i32
// expected-error @+1 {{expects 3 tensor coordinates, got 2}}
ptx.cp_async_bulk_tensor %a0, %a1, %a2, %a3, %a4 {completion = #ptx.completion<"mbarrier::complete_tx::bytes">, dim = #ptx.tensor_dim<"3d">, dst_offset = 0 : i64, dst_space = #ptx.space<"shared::cluster">, load_mode = #ptx.load_mode<tile>, mem_offset = 0 : i64, operandSegmentSizes = array<i32: 1, 1, 2, 1, 0, 0, 0, 0, 0>, src_space = #ptx.space<global>} : (i32, i64, i32, i32, i32) -> ()

// -----

// cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%r1], [%rd4, {%r5, %r6}], [%r2];
%a0 = ptx.undef : i32
%a1 = ptx.undef : i64
%a2 = ptx.undef : i32
%a3 = ptx.undef : i32
%a4 = ptx.undef : i32
// expected-error @+1 {{im2col modes need at least .3d}}
ptx.cp_async_bulk_tensor %a0, %a1, %a2, %a3, %a4 {completion = #ptx.completion<"mbarrier::complete_tx::bytes">, dim = #ptx.tensor_dim<"2d">, dst_offset = 0 : i64, dst_space = #ptx.space<"shared::cluster">, load_mode = #ptx.load_mode<im2col>, mem_offset = 0 : i64, operandSegmentSizes = array<i32: 1, 1, 2, 1, 0, 0, 0, 0, 0>, src_space = #ptx.space<global>} : (i32, i64, i32, i32, i32) -> ()

// -----

// cp.async.bulk.tensor.3d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes [%r1], [%rd4, {%r5, %r6, %r7}], [%r2], {%rs1};
%a0 = ptx.undef : i32
%a1 = ptx.undef : i64
%a2 = ptx.undef : i32
%a3 = ptx.undef : i32
%a4 = ptx.undef : i32
%a5 = ptx.undef : i32
%a6 = ptx.undef : i16
// expected-error @+1 {{im2col offsets go only with an im2col load}}
ptx.cp_async_bulk_tensor %a0, %a1, %a2, %a3, %a4, %a5, %a6 {completion = #ptx.completion<"mbarrier::complete_tx::bytes">, dim = #ptx.tensor_dim<"3d">, dst_offset = 0 : i64, dst_space = #ptx.space<"shared::cluster">, load_mode = #ptx.load_mode<tile>, mem_offset = 0 : i64, operandSegmentSizes = array<i32: 1, 1, 3, 1, 1, 0, 0, 0, 0>, src_space = #ptx.space<global>} : (i32, i64, i32, i32, i32, i32, i16) -> ()

// -----

// cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [%rd4, {%r5, %r6}], [%r1];
%a0 = ptx.undef : i64
%a1 = ptx.undef : i32
%a2 = ptx.undef : i32
%a3 = ptx.undef : i32
// expected-error @+1 {{.multicast::cluster is only valid for loads into .shared::cluster}}
ptx.cp_async_bulk_tensor %a0, %a1, %a2, %a3 {completion = #ptx.completion<bulk_group>, dim = #ptx.tensor_dim<"2d">, dst_space = #ptx.space<global>, multicast = #ptx.multicast<"multicast::cluster">, mem_offset = 0 : i64, operandSegmentSizes = array<i32: 0, 1, 2, 1, 0, 0, 0, 0, 0>, src_space = #ptx.space<"shared::cta">} : (i64, i32, i32, i32) -> ()

// -----

// cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [%rd4, {%r5, %r6}], [%r1];
%a0 = ptx.undef : i64
%a1 = ptx.undef : i32
%a2 = ptx.undef : i32
%a3 = ptx.undef : i32
// expected-error @+1 {{.cta_group is only valid for loads}}
ptx.cp_async_bulk_tensor %a0, %a1, %a2, %a3 {cta_group = #ptx.cta_group<"cta_group::1">, completion = #ptx.completion<bulk_group>, dim = #ptx.tensor_dim<"2d">, dst_space = #ptx.space<global>, mem_offset = 0 : i64, operandSegmentSizes = array<i32: 0, 1, 2, 1, 0, 0, 0, 0, 0>, src_space = #ptx.space<"shared::cta">} : (i64, i32, i32, i32) -> ()

// -----

// st.async.shared::cluster.mbarrier::complete_tx::bytes.u32 [%r1], %r3, [%r2];
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
%a2 = ptx.undef : i32
// expected-error @+1 {{.release needs .gpu or .sys scope}}
ptx.st_async %a0, %a1, %a2 {addr_offset = 0 : i64, completion = #ptx.completion<"mbarrier::complete_tx::bytes">, mbar_offset = 0 : i64, scope = #ptx.scope<cta>, sem = #ptx.sem<release>, space = #ptx.space<"shared::cluster">, type = #ptx.type<u32>} : (i32, i32, i32) -> ()

// -----

// st.async.shared::cluster.mbarrier::complete_tx::bytes.u32 [%r1], %r3, [%r2];
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
%a2 = ptx.undef : i32
// expected-error @+1 {{the .release form stores a scalar to .global without an mbarrier}}
ptx.st_async %a0, %a1, %a2 {addr_offset = 0 : i64, completion = #ptx.completion<"mbarrier::complete_tx::bytes">, mbar_offset = 0 : i64, scope = #ptx.scope<gpu>, sem = #ptx.sem<release>, space = #ptx.space<"shared::cluster">, type = #ptx.type<u32>} : (i32, i32, i32) -> ()

// -----

// st.async.shared::cluster.mbarrier::complete_tx::bytes.u32 [%r1], %r3, [%r2];
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
%a2 = ptx.undef : i32
// expected-error @+1 {{semantics must be .weak or .release}}
ptx.st_async %a0, %a1, %a2 {addr_offset = 0 : i64, completion = #ptx.completion<"mbarrier::complete_tx::bytes">, mbar_offset = 0 : i64, sem = #ptx.sem<relaxed>, space = #ptx.space<"shared::cluster">, type = #ptx.type<u32>} : (i32, i32, i32) -> ()

// -----

// st.async.shared::cluster.mbarrier::complete_tx::bytes.u32 [%r1], %r3, [%r2];
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
%a2 = ptx.undef : i32
// expected-error @+1 {{the mbarrier form has .cluster scope}}
ptx.st_async %a0, %a1, %a2 {addr_offset = 0 : i64, completion = #ptx.completion<"mbarrier::complete_tx::bytes">, mbar_offset = 0 : i64, scope = #ptx.scope<gpu>, space = #ptx.space<"shared::cluster">, type = #ptx.type<u32>} : (i32, i32, i32) -> ()

// -----

// st.async.shared::cluster.mbarrier::complete_tx::bytes.u32 [%r1], %r3, [%r2];
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
%a2 = ptx.undef : i32
// expected-error @+1 {{the mbarrier form stores to .shared::cluster}}
ptx.st_async %a0, %a1, %a2 {addr_offset = 0 : i64, completion = #ptx.completion<"mbarrier::complete_tx::bytes">, mbar_offset = 0 : i64, space = #ptx.space<global>, type = #ptx.type<u32>} : (i32, i32, i32) -> ()

// -----

// st.async.shared::cluster.mbarrier::complete_tx::bytes.u32 [%r1], %r3, [%r2];
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
%a2 = ptx.undef : i32
// expected-error @+1 {{needs .mbarrier::complete_tx::bytes and an mbarrier operand}}
ptx.st_async %a0, %a1, %a2 {addr_offset = 0 : i64, mbar_offset = 0 : i64, space = #ptx.space<"shared::cluster">, type = #ptx.type<u32>} : (i32, i32, i32) -> ()

// -----

// st.async.shared::cluster.mbarrier::complete_tx::bytes.u32 [%r1], %r3, [%r2];
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
%a2 = ptx.undef : i32
// expected-error @+1 {{completes on an mbarrier}}
ptx.st_async %a0, %a1, %a2 {addr_offset = 0 : i64, completion = #ptx.completion<bulk_group>, mbar_offset = 0 : i64, space = #ptx.space<"shared::cluster">, type = #ptx.type<u32>} : (i32, i32, i32) -> ()

// -----

// st.async.shared::cluster.mbarrier::complete_tx::bytes.v2.s32 [%r1+8], {%r3, %r4}, [%r2];
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
%a2 = ptx.undef : i32
%a3 = ptx.undef : i32
// expected-error @+1 {{expects 4 source registers, got 2}}
ptx.st_async %a0, %a1, %a2, %a3 {addr_offset = 8 : i64, completion = #ptx.completion<"mbarrier::complete_tx::bytes">, mbar_offset = 0 : i64, operandSegmentSizes = array<i32: 1, 2, 1, 0, 0>, space = #ptx.space<"shared::cluster">, type = #ptx.type<s32>, vec = #ptx.vec<v4>} : (i32, i32, i32, i32) -> ()

// -----

// st.async.shared::cluster.mbarrier::complete_tx::bytes.v4.f32 [%r1], {%r3, %r4, %r3, %r4}, [%r2];
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
%a2 = ptx.undef : i32
%a3 = ptx.undef : i32
%a4 = ptx.undef : i32
%a5 = ptx.undef : i32
// expected-error @+1 {{.v4 needs a 32-bit type}}
ptx.st_async %a0, %a1, %a2, %a3, %a4, %a5 {addr_offset = 0 : i64, completion = #ptx.completion<"mbarrier::complete_tx::bytes">, mbar_offset = 0 : i64, operandSegmentSizes = array<i32: 1, 4, 1, 0, 0>, space = #ptx.space<"shared::cluster">, type = #ptx.type<f64>, vec = #ptx.vec<v4>} : (i32, i32, i32, i32, i32, i32) -> ()

// -----

// red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.inc.u32 [%r1], %r3, [%r2];
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
%a2 = ptx.undef : i32
// expected-error @+1 {{.release needs .gpu or .sys scope}}
ptx.red_async %a0, %a1, %a2 {addr_offset = 0 : i64, completion = #ptx.completion<"mbarrier::complete_tx::bytes">, mbar_offset = 0 : i64, op = #ptx.atom_op<inc>, scope = #ptx.scope<cluster>, sem = #ptx.sem<release>, space = #ptx.space<"shared::cluster">, type = #ptx.type<u32>} : (i32, i32, i32) -> ()

// -----

// red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.inc.u32 [%r1], %r3, [%r2];
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
%a2 = ptx.undef : i32
// expected-error @+1 {{the .release form reduces on .global without an mbarrier}}
ptx.red_async %a0, %a1, %a2 {addr_offset = 0 : i64, completion = #ptx.completion<"mbarrier::complete_tx::bytes">, mbar_offset = 0 : i64, op = #ptx.atom_op<inc>, scope = #ptx.scope<gpu>, sem = #ptx.sem<release>, space = #ptx.space<"shared::cluster">, type = #ptx.type<u32>} : (i32, i32, i32) -> ()

// -----

// red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.inc.u32 [%r1], %r3, [%r2];
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
// expected-error @+1 {{the .release form is .add on .u32, .s32, .u64 or .s64}}
ptx.red_async %a0, %a1 {addr_offset = 0 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>, op = #ptx.atom_op<inc>, scope = #ptx.scope<gpu>, sem = #ptx.sem<release>, space = #ptx.space<global>, type = #ptx.type<u32>} : (i32, i32) -> ()

// -----

// red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.inc.u32 [%r1], %r3, [%r2];
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
%a2 = ptx.undef : i32
// expected-error @+1 {{the mbarrier form is .relaxed.cluster}}
ptx.red_async %a0, %a1, %a2 {addr_offset = 0 : i64, completion = #ptx.completion<"mbarrier::complete_tx::bytes">, mbar_offset = 0 : i64, op = #ptx.atom_op<inc>, scope = #ptx.scope<cta>, sem = #ptx.sem<relaxed>, space = #ptx.space<"shared::cluster">, type = #ptx.type<u32>} : (i32, i32, i32) -> ()

// -----

// red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.inc.u32 [%r1], %r3, [%r2];
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
%a2 = ptx.undef : i32
// expected-error @+1 {{the mbarrier form reduces on .shared::cluster}}
ptx.red_async %a0, %a1, %a2 {addr_offset = 0 : i64, completion = #ptx.completion<"mbarrier::complete_tx::bytes">, mbar_offset = 0 : i64, op = #ptx.atom_op<inc>, scope = #ptx.scope<cluster>, sem = #ptx.sem<relaxed>, space = #ptx.space<shared>, type = #ptx.type<u32>} : (i32, i32, i32) -> ()

// -----

// red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.inc.u32 [%r1], %r3, [%r2];
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
// expected-error @+1 {{needs an mbarrier operand}}
ptx.red_async %a0, %a1 {addr_offset = 0 : i64, completion = #ptx.completion<"mbarrier::complete_tx::bytes">, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>, op = #ptx.atom_op<inc>, scope = #ptx.scope<cluster>, sem = #ptx.sem<relaxed>, space = #ptx.space<"shared::cluster">, type = #ptx.type<u32>} : (i32, i32) -> ()

// -----

// red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.inc.u32 [%r1], %r3, [%r2];
%a0 = ptx.undef : i32
%a1 = ptx.undef : i32
%a2 = ptx.undef : i32
// expected-error @+1 {{red.async.inc does not take .s32}}
ptx.red_async %a0, %a1, %a2 {addr_offset = 0 : i64, completion = #ptx.completion<"mbarrier::complete_tx::bytes">, mbar_offset = 0 : i64, op = #ptx.atom_op<inc>, scope = #ptx.scope<cluster>, sem = #ptx.sem<relaxed>, space = #ptx.space<"shared::cluster">, type = #ptx.type<s32>} : (i32, i32, i32) -> ()

// -----

// setmaxnreg.inc.sync.aligned.u32 64;
%a0 = arith.constant 64 : i64
// expected-error @+1 {{requires .aligned}}
ptx.setmaxnreg %a0 {action = #ptx.nreg_action<inc>, type = #ptx.type<u32>} : (i64) -> ()

// -----

// setmaxnreg.inc.sync.aligned.u32 64;
%a0 = arith.constant 64 : i64
// expected-error @+1 {{type must be .u32}}
ptx.setmaxnreg %a0 {action = #ptx.nreg_action<inc>, aligned, type = #ptx.type<s32>} : (i64) -> ()

// -----

// setmaxnreg.inc.sync.aligned.u32 64;
%a0 = arith.constant 20 : i64
// expected-error @+1 {{the register count must be an immediate multiple of 8 in 24..256}}
ptx.setmaxnreg %a0 {action = #ptx.nreg_action<inc>, aligned, type = #ptx.type<u32>} : (i64) -> ()

// -----

// prefetch.param.tensormap [gmap];
// expected-error @+1 {{a tensor map is prefetched from .const, .param or a generic address}}
ptx.prefetch_tensormap {addr_offset = 0 : i64, addr_sym = @gmap, operandSegmentSizes = array<i32: 0, 0, 0>, space = #ptx.space<global>} : () -> ()

// -----

// fence.proxy.tensormap::generic.release.gpu;
// expected-error @+1 {{semantics must be .acquire or .release}}
ptx.fence_proxy_tensormap {operandSegmentSizes = array<i32: 0, 0, 0, 0>, scope = #ptx.scope<gpu>, sem = #ptx.sem<acq_rel>} : () -> ()

// -----

// fence.proxy.tensormap::generic.acquire.cta [%rd4], 128;
%a0 = ptx.undef : i64
%a1 = arith.constant 128 : i64
// expected-error @+1 {{the .release form takes no operands}}
ptx.fence_proxy_tensormap %a0, %a1 {addr_offset = 0 : i64, scope = #ptx.scope<cta>, sem = #ptx.sem<release>} : (i64, i64) -> ()

// -----

// fence.proxy.tensormap::generic.release.gpu;
// expected-error @+1 {{the .acquire form takes the tensor map address and its size}}
ptx.fence_proxy_tensormap {operandSegmentSizes = array<i32: 0, 0, 0, 0>, scope = #ptx.scope<gpu>, sem = #ptx.sem<acquire>} : () -> ()

// -----

// fence.proxy.tensormap::generic.acquire.cta [%rd4], 128;
%a0 = ptx.undef : i64
%a1 = arith.constant 64 : i64
// expected-error @+1 {{the tensor map size is the immediate 128}}
ptx.fence_proxy_tensormap %a0, %a1 {addr_offset = 0 : i64, scope = #ptx.scope<cta>, sem = #ptx.sem<acquire>} : (i64, i64) -> ()
