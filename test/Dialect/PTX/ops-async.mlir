// RUN: ptx-opt %s | FileCheck %s
// RUN: ptx-opt %s | ptx-opt | FileCheck %s
//
// mbarrier, async-copy and control ops parse and print back unchanged.

ptx.module attributes {target = ["sm_90a"], version = "8.6"} {
  ptx.var @smem {align = 16 : i64, dims = array<i64: -1>, linkage = #ptx.linkage<extern>, space = #ptx.space<shared>, type = #ptx.type<b8>}
  ptx.var @bar0 {align = 8 : i64, space = #ptx.space<shared>, type = #ptx.type<b64>}
  ptx.var @gmap {align = 64 : i64, dims = array<i64: 128>, space = #ptx.space<global>, type = #ptx.type<b8>}
// CHECK-LABEL: ptx.entry @async
  ptx.entry @async attributes {linkage = #ptx.linkage<visible>, params = [#ptx.param<name = "p", space = param, type = u64>, #ptx.param<name = "tmap", space = param, type = b8, align = 64, count = 128>]} {
    %0 = ptx.undef : i32
    %1 = ptx.undef : i32
    %2 = ptx.undef : i32
    %3 = ptx.undef : i32
    %4 = ptx.undef : i32
    %5 = ptx.undef : i32
    %6 = ptx.undef : i64
    %7 = ptx.undef : i32
    %8 = ptx.undef : i32
    %9 = ptx.undef : i32
    %10 = ptx.undef : i32
    %11 = ptx.undef : i16
    %12 = ptx.undef : i16
    %13 = ptx.undef : i32
    %14 = ptx.undef : i32
    %15 = ptx.undef : i32
    %16 = ptx.undef : i32
    %17 = ptx.undef : i32
    %18 = ptx.undef : i32
    %19 = ptx.undef : i32
    %20 = ptx.undef : i32
    %21 = ptx.undef : i64
    %22 = ptx.undef : i32
    %23 = ptx.undef : i32
    %24 = ptx.undef : i32
    %25 = ptx.undef : i32
    %26 = ptx.undef : i64
    %27 = ptx.undef : i64
    %28 = ptx.undef : i64
    %29 = ptx.undef : i64
    %30 = ptx.undef : i32
    %31 = ptx.undef : i32
    %32 = ptx.undef : i32
    %33 = ptx.undef : i32
    %34 = ptx.undef : i32
    %35 = ptx.undef : i32
    %36 = ptx.ld {addr_offset = 0 : i64, addr_sym = @p, operandSegmentSizes = array<i32: 0, 0, 0, 0>, space = #ptx.space<param>, type = #ptx.type<u64>} : () -> i64
    %37 = ptx.addressof @smem : i32
    %38 = ptx.mov %37 {type = #ptx.type<u32>} : (i32) -> i32
    %39 = ptx.addressof @bar0 : i32
    %40 = ptx.mov %39 {type = #ptx.type<u32>} : (i32) -> i32
    %41 = ptx.addressof @tmap : i64
    %42 = ptx.mov %41 {type = #ptx.type<u64>} : (i64) -> i64
    %c3_i64 = arith.constant 3 : i64
    %43 = ptx.mov %c3_i64 {type = #ptx.type<u16>} : (i64) -> i16
    %c32_i64 = arith.constant 32 : i64
    ptx.mbarrier_init %40, %c32_i64 {addr_offset = 0 : i64, space = #ptx.space<shared>, type = #ptx.type<b64>} : (i32, i64) -> ()
    // CHECK: ptx.mbarrier_init %40, %c32_i64 {addr_offset = 0 : i64, space = #ptx.space<shared>, type = #ptx.type<b64>} : (i32, i64) -> ()
    ptx.mbarrier_init %35 {addr_offset = 0 : i64, addr_sym = @bar0, operandSegmentSizes = array<i32: 0, 1, 0, 0>, space = #ptx.space<"shared::cta">, type = #ptx.type<b64>} : (i32) -> ()
    // CHECK: ptx.mbarrier_init %35 {addr_offset = 0 : i64, addr_sym = @bar0, operandSegmentSizes = array<i32: 0, 1, 0, 0>, space = #ptx.space<"shared::cta">, type = #ptx.type<b64>} : (i32) -> ()
    %c1_i64 = arith.constant 1 : i64
    ptx.mbarrier_init %36, %c1_i64 {addr_offset = 0 : i64, type = #ptx.type<b64>} : (i64, i64) -> ()
    // CHECK: ptx.mbarrier_init %36, %c1_i64 {addr_offset = 0 : i64, type = #ptx.type<b64>} : (i64, i64) -> ()
    %44 = ptx.mbarrier_arrive %40 {addr_offset = 0 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0>, space = #ptx.space<shared>, type = #ptx.type<b64>} : (i32) -> i64
    // CHECK: %44 = ptx.mbarrier_arrive %40 {addr_offset = 0 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0>, space = #ptx.space<shared>, type = #ptx.type<b64>} : (i32) -> i64
    %c2_i64 = arith.constant 2 : i64
    %45 = ptx.mbarrier_arrive %40, %c2_i64 {addr_offset = 0 : i64, scope = #ptx.scope<cta>, sem = #ptx.sem<release>, space = #ptx.space<"shared::cta">, type = #ptx.type<b64>} : (i32, i64) -> i64
    // CHECK: %45 = ptx.mbarrier_arrive %40, %c2_i64 {addr_offset = 0 : i64, scope = #ptx.scope<cta>, sem = #ptx.sem<release>, space = #ptx.space<"shared::cta">, type = #ptx.type<b64>} : (i32, i64) -> i64
    ptx.mbarrier_arrive %40 {addr_offset = 0 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0>, scope = #ptx.scope<cluster>, sem = #ptx.sem<relaxed>, space = #ptx.space<"shared::cluster">, type = #ptx.type<b64>} : (i32) -> ()
    // CHECK: ptx.mbarrier_arrive %40 {addr_offset = 0 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0>, scope = #ptx.scope<cluster>, sem = #ptx.sem<relaxed>, space = #ptx.space<"shared::cluster">, type = #ptx.type<b64>} : (i32) -> ()
    %c128_i64 = arith.constant 128 : i64
    %46 = ptx.mbarrier_arrive %40, %c128_i64 {addr_offset = 0 : i64, expect_tx, space = #ptx.space<shared>, type = #ptx.type<b64>} : (i32, i64) -> i64
    // CHECK: %46 = ptx.mbarrier_arrive %40, %c128_i64 {addr_offset = 0 : i64, expect_tx, space = #ptx.space<shared>, type = #ptx.type<b64>} : (i32, i64) -> i64
    ptx.mbarrier_arrive %40, %34 {addr_offset = 0 : i64, expect_tx, scope = #ptx.scope<cluster>, sem = #ptx.sem<release>, space = #ptx.space<"shared::cluster">, type = #ptx.type<b64>} : (i32, i32) -> ()
    // CHECK: ptx.mbarrier_arrive %40, %34 {addr_offset = 0 : i64, expect_tx, scope = #ptx.scope<cluster>, sem = #ptx.sem<release>, space = #ptx.space<"shared::cluster">, type = #ptx.type<b64>} : (i32, i32) -> ()
    %c1_i64_0 = arith.constant 1 : i64
    %47 = ptx.mbarrier_arrive %40, %c1_i64_0 {addr_offset = 0 : i64, noComplete, space = #ptx.space<shared>, type = #ptx.type<b64>} : (i32, i64) -> i64
    // CHECK: %47 = ptx.mbarrier_arrive %40, %c1_i64_0 {addr_offset = 0 : i64, noComplete, space = #ptx.space<shared>, type = #ptx.type<b64>} : (i32, i64) -> i64
    %48 = ptx.mbarrier_arrive_drop %40 {addr_offset = 0 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0>, space = #ptx.space<shared>, type = #ptx.type<b64>} : (i32) -> i64
    // CHECK: %48 = ptx.mbarrier_arrive_drop %40 {addr_offset = 0 : i64, operandSegmentSizes = array<i32: 1, 0, 0, 0>, space = #ptx.space<shared>, type = #ptx.type<b64>} : (i32) -> i64
    %49 = ptx.mbarrier_arrive_drop %40, %33 {addr_offset = 0 : i64, noComplete, scope = #ptx.scope<cta>, sem = #ptx.sem<release>, space = #ptx.space<shared>, type = #ptx.type<b64>} : (i32, i32) -> i64
    // CHECK: %49 = ptx.mbarrier_arrive_drop %40, %33 {addr_offset = 0 : i64, noComplete, scope = #ptx.scope<cta>, sem = #ptx.sem<release>, space = #ptx.space<shared>, type = #ptx.type<b64>} : (i32, i32) -> i64
    %c64_i64 = arith.constant 64 : i64
    ptx.mbarrier_expect_tx %40, %c64_i64 {addr_offset = 0 : i64, scope = #ptx.scope<cta>, sem = #ptx.sem<relaxed>, space = #ptx.space<shared>, type = #ptx.type<b64>} : (i32, i64) -> ()
    // CHECK: ptx.mbarrier_expect_tx %40, %c64_i64 {addr_offset = 0 : i64, scope = #ptx.scope<cta>, sem = #ptx.sem<relaxed>, space = #ptx.space<shared>, type = #ptx.type<b64>} : (i32, i64) -> ()
    ptx.mbarrier_expect_tx %40, %32 {addr_offset = 0 : i64, space = #ptx.space<"shared::cluster">, type = #ptx.type<b64>} : (i32, i32) -> ()
    // CHECK: ptx.mbarrier_expect_tx %40, %32 {addr_offset = 0 : i64, space = #ptx.space<"shared::cluster">, type = #ptx.type<b64>} : (i32, i32) -> ()
    %c64_i64_1 = arith.constant 64 : i64
    ptx.mbarrier_complete_tx %40, %c64_i64_1 {addr_offset = 0 : i64, space = #ptx.space<"shared::cta">, type = #ptx.type<b64>} : (i32, i64) -> ()
    // CHECK: ptx.mbarrier_complete_tx %40, %c64_i64_1 {addr_offset = 0 : i64, space = #ptx.space<"shared::cta">, type = #ptx.type<b64>} : (i32, i64) -> ()
    %50 = ptx.mbarrier_test_wait %40, %48 {addr_offset = 0 : i64, space = #ptx.space<shared>, type = #ptx.type<b64>} : (i32, i64) -> i1
    // CHECK: %50 = ptx.mbarrier_test_wait %40, %48 {addr_offset = 0 : i64, space = #ptx.space<shared>, type = #ptx.type<b64>} : (i32, i64) -> i1
    %51 = ptx.mbarrier_test_wait %40, %31 {addr_offset = 0 : i64, parity, scope = #ptx.scope<cta>, sem = #ptx.sem<acquire>, space = #ptx.space<shared>, type = #ptx.type<b64>} : (i32, i32) -> i1
    // CHECK: %51 = ptx.mbarrier_test_wait %40, %31 {addr_offset = 0 : i64, parity, scope = #ptx.scope<cta>, sem = #ptx.sem<acquire>, space = #ptx.space<shared>, type = #ptx.type<b64>} : (i32, i32) -> i1
    %c1000_i64 = arith.constant 1000 : i64
    %52 = ptx.mbarrier_try_wait %40, %48, %c1000_i64 {addr_offset = 0 : i64, space = #ptx.space<"shared::cta">, type = #ptx.type<b64>} : (i32, i64, i64) -> i1
    // CHECK: %52 = ptx.mbarrier_try_wait %40, %48, %c1000_i64 {addr_offset = 0 : i64, space = #ptx.space<"shared::cta">, type = #ptx.type<b64>} : (i32, i64, i64) -> i1
    %c0_i64 = arith.constant 0 : i64
    %53 = ptx.mbarrier_try_wait %40, %c0_i64 {addr_offset = 0 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>, parity, scope = #ptx.scope<cluster>, sem = #ptx.sem<relaxed>, space = #ptx.space<shared>, type = #ptx.type<b64>} : (i32, i64) -> i1
    // CHECK: %53 = ptx.mbarrier_try_wait %40, %c0_i64 {addr_offset = 0 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>, parity, scope = #ptx.scope<cluster>, sem = #ptx.sem<relaxed>, space = #ptx.space<shared>, type = #ptx.type<b64>} : (i32, i64) -> i1
    %c1_i64_2 = arith.constant 1 : i64
    %54 = ptx.mbarrier_try_wait %36, %c1_i64_2 if not %53 prev(%53) {addr_offset = 0 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 1, 1>, parity, type = #ptx.type<b64>} : (i64, i64, i1, i1) -> i1
    // CHECK: %54 = ptx.mbarrier_try_wait %36, %c1_i64_2 if not %53 prev(%53) {addr_offset = 0 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 1, 1>, parity, type = #ptx.type<b64>} : (i64, i64, i1, i1) -> i1
    %55 = ptx.mbarrier_pending_count %49 {type = #ptx.type<b64>} : (i64) -> i32
    // CHECK: %55 = ptx.mbarrier_pending_count %49 {type = #ptx.type<b64>} : (i64) -> i32
    ptx.mbarrier_inval %40 {addr_offset = 0 : i64, space = #ptx.space<shared>, type = #ptx.type<b64>} : (i32) -> ()
    // CHECK: ptx.mbarrier_inval %40 {addr_offset = 0 : i64, space = #ptx.space<shared>, type = #ptx.type<b64>} : (i32) -> ()
    %c4_i64 = arith.constant 4 : i64
    ptx.cp_async %38, %36, %c4_i64 {cop = #ptx.cop<ca>, dst_offset = 0 : i64, dst_space = #ptx.space<shared>, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0>, src_offset = 0 : i64, src_space = #ptx.space<global>} : (i32, i64, i64) -> ()
    // CHECK: ptx.cp_async %38, %36, %c4_i64 {cop = #ptx.cop<ca>, dst_offset = 0 : i64, dst_space = #ptx.space<shared>, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0>, src_offset = 0 : i64, src_space = #ptx.space<global>} : (i32, i64, i64) -> ()
    %c8_i64 = arith.constant 8 : i64
    ptx.cp_async %38, %36, %c8_i64, %30 {cop = #ptx.cop<ca>, dst_offset = 16 : i64, dst_space = #ptx.space<shared>, operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0, 0>, prefetch_size = #ptx.prefetch_size<"L2::128B">, src_offset = 16 : i64, src_space = #ptx.space<global>} : (i32, i64, i64, i32) -> ()
    // CHECK: ptx.cp_async %38, %36, %c8_i64, %30 {cop = #ptx.cop<ca>, dst_offset = 16 : i64, dst_space = #ptx.space<shared>, operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0, 0>, prefetch_size = #ptx.prefetch_size<"L2::128B">, src_offset = 16 : i64, src_space = #ptx.space<global>} : (i32, i64, i64, i32) -> ()
    %c16_i64 = arith.constant 16 : i64
    ptx.cp_async %38, %36, %c16_i64, %29 {cache_hint = #ptx.cache_hint<"L2::cache_hint">, cop = #ptx.cop<cg>, dst_offset = 0 : i64, dst_space = #ptx.space<shared>, operandSegmentSizes = array<i32: 1, 1, 1, 0, 1, 0, 0>, src_offset = 0 : i64, src_space = #ptx.space<global>} : (i32, i64, i64, i64) -> ()
    // CHECK: ptx.cp_async %38, %36, %c16_i64, %29 {cache_hint = #ptx.cache_hint<"L2::cache_hint">, cop = #ptx.cop<cg>, dst_offset = 0 : i64, dst_space = #ptx.space<shared>, operandSegmentSizes = array<i32: 1, 1, 1, 0, 1, 0, 0>, src_offset = 0 : i64, src_space = #ptx.space<global>} : (i32, i64, i64, i64) -> ()
    %c16_i64_3 = arith.constant 16 : i64
    ptx.cp_async %38, %36, %c16_i64_3, %52 {cop = #ptx.cop<cg>, dst_offset = 0 : i64, dst_space = #ptx.space<"shared::cta">, operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0, 0>, src_offset = 0 : i64, src_space = #ptx.space<global>} : (i32, i64, i64, i1) -> ()
    // CHECK: ptx.cp_async %38, %36, %c16_i64_3, %52 {cop = #ptx.cop<cg>, dst_offset = 0 : i64, dst_space = #ptx.space<"shared::cta">, operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0, 0>, src_offset = 0 : i64, src_space = #ptx.space<global>} : (i32, i64, i64, i1) -> ()
    %c16_i64_4 = arith.constant 16 : i64
    %c8_i64_5 = arith.constant 8 : i64
    ptx.cp_async %38, %36, %c16_i64_4, %c8_i64_5, %28 {cache_hint = #ptx.cache_hint<"L2::cache_hint">, cop = #ptx.cop<ca>, dst_offset = 0 : i64, dst_space = #ptx.space<shared>, prefetch_size = #ptx.prefetch_size<"L2::256B">, src_offset = 0 : i64, src_space = #ptx.space<global>} : (i32, i64, i64, i64, i64) -> ()
    // CHECK: ptx.cp_async %38, %36, %c16_i64_4, %c8_i64_5, %28 {cache_hint = #ptx.cache_hint<"L2::cache_hint">, cop = #ptx.cop<ca>, dst_offset = 0 : i64, dst_space = #ptx.space<shared>, prefetch_size = #ptx.prefetch_size<"L2::256B">, src_offset = 0 : i64, src_space = #ptx.space<global>} : (i32, i64, i64, i64, i64) -> ()
    ptx.cp_async_commit_group : () -> ()
    // CHECK: ptx.cp_async_commit_group : () -> ()
    %c1_i64_6 = arith.constant 1 : i64
    ptx.cp_async_wait_group %c1_i64_6 : (i64) -> ()
    // CHECK: ptx.cp_async_wait_group %c1_i64_6 : (i64) -> ()
    ptx.cp_async_wait_all : () -> ()
    // CHECK: ptx.cp_async_wait_all : () -> ()
    ptx.cp_async_mbarrier_arrive %40 {addr_offset = 0 : i64, space = #ptx.space<shared>, type = #ptx.type<b64>} : (i32) -> ()
    // CHECK: ptx.cp_async_mbarrier_arrive %40 {addr_offset = 0 : i64, space = #ptx.space<shared>, type = #ptx.type<b64>} : (i32) -> ()
    ptx.cp_async_mbarrier_arrive {addr_offset = 0 : i64, addr_sym = @bar0, noinc, operandSegmentSizes = array<i32: 0, 0, 0>, space = #ptx.space<"shared::cta">, type = #ptx.type<b64>} : () -> ()
    // CHECK: ptx.cp_async_mbarrier_arrive {addr_offset = 0 : i64, addr_sym = @bar0, noinc, operandSegmentSizes = array<i32: 0, 0, 0>, space = #ptx.space<"shared::cta">, type = #ptx.type<b64>} : () -> ()
    %c256_i64 = arith.constant 256 : i64
    ptx.cp_async_bulk %38, %36, %c256_i64, %40 {completion = #ptx.completion<"mbarrier::complete_tx::bytes">, dst_offset = 0 : i64, dst_space = #ptx.space<"shared::cluster">, mbar_offset = 0 : i64, operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0, 0, 0, 0>, src_offset = 0 : i64, src_space = #ptx.space<global>} : (i32, i64, i64, i32) -> ()
    // CHECK: ptx.cp_async_bulk %38, %36, %c256_i64, %40 {completion = #ptx.completion<"mbarrier::complete_tx::bytes">, dst_offset = 0 : i64, dst_space = #ptx.space<"shared::cluster">, mbar_offset = 0 : i64, operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0, 0, 0, 0>, src_offset = 0 : i64, src_space = #ptx.space<global>} : (i32, i64, i64, i32) -> ()
    %c256_i64_7 = arith.constant 256 : i64
    ptx.cp_async_bulk %38, %36, %c256_i64_7, %40, %43 {completion = #ptx.completion<"mbarrier::complete_tx::bytes">, dst_offset = 0 : i64, dst_space = #ptx.space<"shared::cluster">, mbar_offset = 0 : i64, multicast = #ptx.multicast<"multicast::cluster">, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 0, 0, 0, 0>, src_offset = 0 : i64, src_space = #ptx.space<global>} : (i32, i64, i64, i32, i16) -> ()
    // CHECK: ptx.cp_async_bulk %38, %36, %c256_i64_7, %40, %43 {completion = #ptx.completion<"mbarrier::complete_tx::bytes">, dst_offset = 0 : i64, dst_space = #ptx.space<"shared::cluster">, mbar_offset = 0 : i64, multicast = #ptx.multicast<"multicast::cluster">, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 0, 0, 0, 0>, src_offset = 0 : i64, src_space = #ptx.space<global>} : (i32, i64, i64, i32, i16) -> ()
    %c256_i64_8 = arith.constant 256 : i64
    ptx.cp_async_bulk %38, %36, %c256_i64_8, %43, %27 {cache_hint = #ptx.cache_hint<"L2::cache_hint">, completion = #ptx.completion<"mbarrier::complete_tx::bytes">, dst_offset = 0 : i64, dst_space = #ptx.space<"shared::cluster">, mbar_offset = 0 : i64, mbar_sym = @bar0, multicast = #ptx.multicast<"multicast::cluster">, operandSegmentSizes = array<i32: 1, 1, 1, 0, 1, 1, 0, 0, 0>, src_offset = 0 : i64, src_space = #ptx.space<global>} : (i32, i64, i64, i16, i64) -> ()
    // CHECK: ptx.cp_async_bulk %38, %36, %c256_i64_8, %43, %27 {cache_hint = #ptx.cache_hint<"L2::cache_hint">, completion = #ptx.completion<"mbarrier::complete_tx::bytes">, dst_offset = 0 : i64, dst_space = #ptx.space<"shared::cluster">, mbar_offset = 0 : i64, mbar_sym = @bar0, multicast = #ptx.multicast<"multicast::cluster">, operandSegmentSizes = array<i32: 1, 1, 1, 0, 1, 1, 0, 0, 0>, src_offset = 0 : i64, src_space = #ptx.space<global>} : (i32, i64, i64, i16, i64) -> ()
    %c256_i64_9 = arith.constant 256 : i64
    ptx.cp_async_bulk %36, %38, %c256_i64_9 {completion = #ptx.completion<bulk_group>, dst_offset = 0 : i64, dst_space = #ptx.space<global>, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0>, src_offset = 0 : i64, src_space = #ptx.space<"shared::cta">} : (i64, i32, i64) -> ()
    // CHECK: ptx.cp_async_bulk %36, %38, %c256_i64_9 {completion = #ptx.completion<bulk_group>, dst_offset = 0 : i64, dst_space = #ptx.space<global>, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0>, src_offset = 0 : i64, src_space = #ptx.space<"shared::cta">} : (i64, i32, i64) -> ()
    %c256_i64_10 = arith.constant 256 : i64
    ptx.cp_async_bulk %36, %38, %c256_i64_10, %26 {cache_hint = #ptx.cache_hint<"L2::cache_hint">, completion = #ptx.completion<bulk_group>, dst_offset = 0 : i64, dst_space = #ptx.space<global>, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 1, 0, 0, 0>, src_offset = 0 : i64, src_space = #ptx.space<"shared::cta">} : (i64, i32, i64, i64) -> ()
    // CHECK: ptx.cp_async_bulk %36, %38, %c256_i64_10, %26 {cache_hint = #ptx.cache_hint<"L2::cache_hint">, completion = #ptx.completion<bulk_group>, dst_offset = 0 : i64, dst_space = #ptx.space<global>, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 1, 0, 0, 0>, src_offset = 0 : i64, src_space = #ptx.space<"shared::cta">} : (i64, i32, i64, i64) -> ()
    %c256_i64_11 = arith.constant 256 : i64
    ptx.cp_async_bulk %38, %25, %c256_i64_11, %40 {completion = #ptx.completion<"mbarrier::complete_tx::bytes">, dst_offset = 0 : i64, dst_space = #ptx.space<"shared::cluster">, mbar_offset = 0 : i64, operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0, 0, 0, 0>, src_offset = 0 : i64, src_space = #ptx.space<"shared::cta">} : (i32, i32, i64, i32) -> ()
    // CHECK: ptx.cp_async_bulk %38, %25, %c256_i64_11, %40 {completion = #ptx.completion<"mbarrier::complete_tx::bytes">, dst_offset = 0 : i64, dst_space = #ptx.space<"shared::cluster">, mbar_offset = 0 : i64, operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0, 0, 0, 0>, src_offset = 0 : i64, src_space = #ptx.space<"shared::cta">} : (i32, i32, i64, i32) -> ()
    ptx.cp_async_bulk_tensor %38, %42, %24, %23, %40 {completion = #ptx.completion<"mbarrier::complete_tx::bytes">, dim = #ptx.tensor_dim<"2d">, dst_offset = 0 : i64, dst_space = #ptx.space<"shared::cluster">, load_mode = #ptx.load_mode<tile>, mem_offset = 0 : i64, operandSegmentSizes = array<i32: 1, 1, 2, 1, 0, 0, 0, 0, 0>, src_space = #ptx.space<global>} : (i32, i64, i32, i32, i32) -> ()
    // CHECK: ptx.cp_async_bulk_tensor %38, %42, %24, %23, %40 {completion = #ptx.completion<"mbarrier::complete_tx::bytes">, dim = #ptx.tensor_dim<"2d">, dst_offset = 0 : i64, dst_space = #ptx.space<"shared::cluster">, load_mode = #ptx.load_mode<tile>, mem_offset = 0 : i64, operandSegmentSizes = array<i32: 1, 1, 2, 1, 0, 0, 0, 0, 0>, src_space = #ptx.space<global>} : (i32, i64, i32, i32, i32) -> ()
    ptx.cp_async_bulk_tensor %38, %22, %40, %43, %21 {cache_hint = #ptx.cache_hint<"L2::cache_hint">, completion = #ptx.completion<"mbarrier::complete_tx::bytes">, dim = #ptx.tensor_dim<"1d">, dst_offset = 0 : i64, dst_space = #ptx.space<"shared::cluster">, mem_offset = 0 : i64, multicast = #ptx.multicast<"multicast::cluster">, operandSegmentSizes = array<i32: 1, 0, 1, 1, 0, 1, 1, 0, 0>, src_space = #ptx.space<global>, tensor_map_sym = @gmap} : (i32, i32, i32, i16, i64) -> ()
    // CHECK: ptx.cp_async_bulk_tensor %38, %22, %40, %43, %21 {cache_hint = #ptx.cache_hint<"L2::cache_hint">, completion = #ptx.completion<"mbarrier::complete_tx::bytes">, dim = #ptx.tensor_dim<"1d">, dst_offset = 0 : i64, dst_space = #ptx.space<"shared::cluster">, mem_offset = 0 : i64, multicast = #ptx.multicast<"multicast::cluster">, operandSegmentSizes = array<i32: 1, 0, 1, 1, 0, 1, 1, 0, 0>, src_space = #ptx.space<global>, tensor_map_sym = @gmap} : (i32, i32, i32, i16, i64) -> ()
    ptx.cp_async_bulk_tensor %38, %42, %20, %19, %18, %40, %43 {completion = #ptx.completion<"mbarrier::complete_tx::bytes">, dim = #ptx.tensor_dim<"3d">, dst_offset = 0 : i64, dst_space = #ptx.space<"shared::cluster">, load_mode = #ptx.load_mode<im2col>, mem_offset = 0 : i64, operandSegmentSizes = array<i32: 1, 1, 3, 1, 1, 0, 0, 0, 0>, src_space = #ptx.space<global>} : (i32, i64, i32, i32, i32, i32, i16) -> ()
    // CHECK: ptx.cp_async_bulk_tensor %38, %42, %20, %19, %18, %40, %43 {completion = #ptx.completion<"mbarrier::complete_tx::bytes">, dim = #ptx.tensor_dim<"3d">, dst_offset = 0 : i64, dst_space = #ptx.space<"shared::cluster">, load_mode = #ptx.load_mode<im2col>, mem_offset = 0 : i64, operandSegmentSizes = array<i32: 1, 1, 3, 1, 1, 0, 0, 0, 0>, src_space = #ptx.space<global>} : (i32, i64, i32, i32, i32, i32, i16) -> ()
    ptx.cp_async_bulk_tensor %38, %42, %17, %16, %15, %14, %13, %40, %43, %12, %11 {completion = #ptx.completion<"mbarrier::complete_tx::bytes">, dim = #ptx.tensor_dim<"5d">, dst_offset = 0 : i64, dst_space = #ptx.space<"shared::cluster">, load_mode = #ptx.load_mode<im2col>, mem_offset = 0 : i64, operandSegmentSizes = array<i32: 1, 1, 5, 1, 3, 0, 0, 0, 0>, src_space = #ptx.space<global>} : (i32, i64, i32, i32, i32, i32, i32, i32, i16, i16, i16) -> ()
    // CHECK: ptx.cp_async_bulk_tensor %38, %42, %17, %16, %15, %14, %13, %40, %43, %12, %11 {completion = #ptx.completion<"mbarrier::complete_tx::bytes">, dim = #ptx.tensor_dim<"5d">, dst_offset = 0 : i64, dst_space = #ptx.space<"shared::cluster">, load_mode = #ptx.load_mode<im2col>, mem_offset = 0 : i64, operandSegmentSizes = array<i32: 1, 1, 5, 1, 3, 0, 0, 0, 0>, src_space = #ptx.space<global>} : (i32, i64, i32, i32, i32, i32, i32, i32, i16, i16, i16) -> ()
    ptx.cp_async_bulk_tensor %42, %10, %9, %38 {completion = #ptx.completion<bulk_group>, dim = #ptx.tensor_dim<"2d">, dst_space = #ptx.space<global>, mem_offset = 0 : i64, operandSegmentSizes = array<i32: 0, 1, 2, 1, 0, 0, 0, 0, 0>, src_space = #ptx.space<"shared::cta">} : (i64, i32, i32, i32) -> ()
    // CHECK: ptx.cp_async_bulk_tensor %42, %10, %9, %38 {completion = #ptx.completion<bulk_group>, dim = #ptx.tensor_dim<"2d">, dst_space = #ptx.space<global>, mem_offset = 0 : i64, operandSegmentSizes = array<i32: 0, 1, 2, 1, 0, 0, 0, 0, 0>, src_space = #ptx.space<"shared::cta">} : (i64, i32, i32, i32) -> ()
    ptx.cp_async_bulk_tensor %42, %8, %7, %38, %6 {cache_hint = #ptx.cache_hint<"L2::cache_hint">, completion = #ptx.completion<bulk_group>, dim = #ptx.tensor_dim<"2d">, dst_space = #ptx.space<global>, load_mode = #ptx.load_mode<tile>, mem_offset = 0 : i64, operandSegmentSizes = array<i32: 0, 1, 2, 1, 0, 0, 1, 0, 0>, src_space = #ptx.space<"shared::cta">} : (i64, i32, i32, i32, i64) -> ()
    // CHECK: ptx.cp_async_bulk_tensor %42, %8, %7, %38, %6 {cache_hint = #ptx.cache_hint<"L2::cache_hint">, completion = #ptx.completion<bulk_group>, dim = #ptx.tensor_dim<"2d">, dst_space = #ptx.space<global>, load_mode = #ptx.load_mode<tile>, mem_offset = 0 : i64, operandSegmentSizes = array<i32: 0, 1, 2, 1, 0, 0, 1, 0, 0>, src_space = #ptx.space<"shared::cta">} : (i64, i32, i32, i32, i64) -> ()
    ptx.cp_async_bulk_commit_group : () -> ()
    // CHECK: ptx.cp_async_bulk_commit_group : () -> ()
    %c0_i64_12 = arith.constant 0 : i64
    ptx.cp_async_bulk_wait_group %c0_i64_12 : (i64) -> ()
    // CHECK: ptx.cp_async_bulk_wait_group %c0_i64_12 : (i64) -> ()
    %c1_i64_13 = arith.constant 1 : i64
    ptx.cp_async_bulk_wait_group %c1_i64_13 {read} : (i64) -> ()
    // CHECK: ptx.cp_async_bulk_wait_group %c1_i64_13 {read} : (i64) -> ()
    ptx.st_async %38, %5, %40 {addr_offset = 0 : i64, completion = #ptx.completion<"mbarrier::complete_tx::bytes">, mbar_offset = 0 : i64, space = #ptx.space<"shared::cluster">, type = #ptx.type<u32>} : (i32, i32, i32) -> ()
    // CHECK: ptx.st_async %38, %5, %40 {addr_offset = 0 : i64, completion = #ptx.completion<"mbarrier::complete_tx::bytes">, mbar_offset = 0 : i64, space = #ptx.space<"shared::cluster">, type = #ptx.type<u32>} : (i32, i32, i32) -> ()
    ptx.st_async %38, %4, %55, %40 {addr_offset = 8 : i64, completion = #ptx.completion<"mbarrier::complete_tx::bytes">, mbar_offset = 0 : i64, operandSegmentSizes = array<i32: 1, 2, 1, 0, 0>, space = #ptx.space<"shared::cluster">, type = #ptx.type<s32>, vec = #ptx.vec<v2>} : (i32, i32, i32, i32) -> ()
    // CHECK: ptx.st_async %38, %4, %55, %40 {addr_offset = 8 : i64, completion = #ptx.completion<"mbarrier::complete_tx::bytes">, mbar_offset = 0 : i64, operandSegmentSizes = array<i32: 1, 2, 1, 0, 0>, space = #ptx.space<"shared::cluster">, type = #ptx.type<s32>, vec = #ptx.vec<v2>} : (i32, i32, i32, i32) -> ()
    ptx.st_async %38, %3, %55, %2, %55, %40 {addr_offset = 0 : i64, completion = #ptx.completion<"mbarrier::complete_tx::bytes">, mbar_offset = 0 : i64, operandSegmentSizes = array<i32: 1, 4, 1, 0, 0>, space = #ptx.space<"shared::cluster">, type = #ptx.type<f32>, vec = #ptx.vec<v4>} : (i32, i32, i32, i32, i32, i32) -> ()
    // CHECK: ptx.st_async %38, %3, %55, %2, %55, %40 {addr_offset = 0 : i64, completion = #ptx.completion<"mbarrier::complete_tx::bytes">, mbar_offset = 0 : i64, operandSegmentSizes = array<i32: 1, 4, 1, 0, 0>, space = #ptx.space<"shared::cluster">, type = #ptx.type<f32>, vec = #ptx.vec<v4>} : (i32, i32, i32, i32, i32, i32) -> ()
    ptx.red_async %38, %1, %40 {addr_offset = 0 : i64, completion = #ptx.completion<"mbarrier::complete_tx::bytes">, mbar_offset = 0 : i64, op = #ptx.atom_op<inc>, scope = #ptx.scope<cluster>, sem = #ptx.sem<relaxed>, space = #ptx.space<"shared::cluster">, type = #ptx.type<u32>} : (i32, i32, i32) -> ()
    // CHECK: ptx.red_async %38, %1, %40 {addr_offset = 0 : i64, completion = #ptx.completion<"mbarrier::complete_tx::bytes">, mbar_offset = 0 : i64, op = #ptx.atom_op<inc>, scope = #ptx.scope<cluster>, sem = #ptx.sem<relaxed>, space = #ptx.space<"shared::cluster">, type = #ptx.type<u32>} : (i32, i32, i32) -> ()
    ptx.red_async %38, %0, %40 {addr_offset = 0 : i64, completion = #ptx.completion<"mbarrier::complete_tx::bytes">, mbar_offset = 0 : i64, op = #ptx.atom_op<max>, scope = #ptx.scope<cluster>, sem = #ptx.sem<relaxed>, space = #ptx.space<"shared::cluster">, type = #ptx.type<s32>} : (i32, i32, i32) -> ()
    // CHECK: ptx.red_async %38, %0, %40 {addr_offset = 0 : i64, completion = #ptx.completion<"mbarrier::complete_tx::bytes">, mbar_offset = 0 : i64, op = #ptx.atom_op<max>, scope = #ptx.scope<cluster>, sem = #ptx.sem<relaxed>, space = #ptx.space<"shared::cluster">, type = #ptx.type<s32>} : (i32, i32, i32) -> ()
    ptx.red_async %38, %48, %40 {addr_offset = 0 : i64, completion = #ptx.completion<"mbarrier::complete_tx::bytes">, mbar_offset = 0 : i64, op = #ptx.atom_op<add>, scope = #ptx.scope<cluster>, sem = #ptx.sem<relaxed>, space = #ptx.space<"shared::cluster">, type = #ptx.type<u64>} : (i32, i64, i32) -> ()
    // CHECK: ptx.red_async %38, %48, %40 {addr_offset = 0 : i64, completion = #ptx.completion<"mbarrier::complete_tx::bytes">, mbar_offset = 0 : i64, op = #ptx.atom_op<add>, scope = #ptx.scope<cluster>, sem = #ptx.sem<relaxed>, space = #ptx.space<"shared::cluster">, type = #ptx.type<u64>} : (i32, i64, i32) -> ()
    ptx.griddepcontrol {action = #ptx.griddep_action<launch_dependents>} : () -> ()
    // CHECK: ptx.griddepcontrol {action = #ptx.griddep_action<launch_dependents>} : () -> ()
    ptx.griddepcontrol {action = #ptx.griddep_action<wait>} : () -> ()
    // CHECK: ptx.griddepcontrol {action = #ptx.griddep_action<wait>} : () -> ()
    %c64_i64_14 = arith.constant 64 : i64
    ptx.setmaxnreg %c64_i64_14 {action = #ptx.nreg_action<inc>, aligned, type = #ptx.type<u32>} : (i64) -> ()
    // CHECK: ptx.setmaxnreg %c64_i64_14 {action = #ptx.nreg_action<inc>, aligned, type = #ptx.type<u32>} : (i64) -> ()
    %c32_i64_15 = arith.constant 32 : i64
    ptx.setmaxnreg %c32_i64_15 {action = #ptx.nreg_action<dec>, aligned, type = #ptx.type<u32>} : (i64) -> ()
    // CHECK: ptx.setmaxnreg %c32_i64_15 {action = #ptx.nreg_action<dec>, aligned, type = #ptx.type<u32>} : (i64) -> ()
    ptx.prefetch_tensormap %42 {addr_offset = 0 : i64} : (i64) -> ()
    // CHECK: ptx.prefetch_tensormap %42 {addr_offset = 0 : i64} : (i64) -> ()
    ptx.prefetch_tensormap {addr_offset = 0 : i64, addr_sym = @tmap, operandSegmentSizes = array<i32: 0, 0, 0>, space = #ptx.space<param>} : () -> ()
    // CHECK: ptx.prefetch_tensormap {addr_offset = 0 : i64, addr_sym = @tmap, operandSegmentSizes = array<i32: 0, 0, 0>, space = #ptx.space<param>} : () -> ()
    ptx.fence_proxy_tensormap {operandSegmentSizes = array<i32: 0, 0, 0, 0>, scope = #ptx.scope<gpu>, sem = #ptx.sem<release>} : () -> ()
    // CHECK: ptx.fence_proxy_tensormap {operandSegmentSizes = array<i32: 0, 0, 0, 0>, scope = #ptx.scope<gpu>, sem = #ptx.sem<release>} : () -> ()
    %c128_i64_16 = arith.constant 128 : i64
    ptx.fence_proxy_tensormap %42, %c128_i64_16 {addr_offset = 0 : i64, scope = #ptx.scope<cta>, sem = #ptx.sem<acquire>} : (i64, i64) -> ()
    // CHECK: ptx.fence_proxy_tensormap %42, %c128_i64_16 {addr_offset = 0 : i64, scope = #ptx.scope<cta>, sem = #ptx.sem<acquire>} : (i64, i64) -> ()
    %c128_i64_17 = arith.constant 128 : i64
    ptx.fence_proxy_tensormap %c128_i64_17 {addr_offset = 0 : i64, addr_sym = @tmap, operandSegmentSizes = array<i32: 0, 1, 0, 0>, scope = #ptx.scope<sys>, sem = #ptx.sem<acquire>} : (i64) -> ()
    // CHECK: ptx.fence_proxy_tensormap %c128_i64_17 {addr_offset = 0 : i64, addr_sym = @tmap, operandSegmentSizes = array<i32: 0, 1, 0, 0>, scope = #ptx.scope<sys>, sem = #ptx.sem<acquire>} : (i64) -> ()
    ptx.ret 
  }
}
