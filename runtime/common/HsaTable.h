//===- HsaTable.h - every HSA call the runtime makes, in one table --------===//
//
// The CUDA layer (runtime/cuda) speaks only the HSA API, and only through
// this table. It is filled either from ROCr (libhsa-runtime64.so.1, loaded
// with dlopen) or from the CPU agent (runtime/hsa-host), whose functions have
// exactly the HSA signatures. Add a call here before using it.
//
//===----------------------------------------------------------------------===//

#ifndef PTXMLIR_RUNTIME_COMMON_HSATABLE_H
#define PTXMLIR_RUNTIME_COMMON_HSATABLE_H

#include <hsa/hsa.h>

/// X(name): one entry per HSA function, named as in hsa.h.
#define PTXMLIR_HSA_FUNCTIONS(X)                                               \
  X(hsa_init)                                                                  \
  X(hsa_shut_down)                                                             \
  X(hsa_status_string)                                                         \
  X(hsa_system_get_info)                                                       \
  X(hsa_iterate_agents)                                                        \
  X(hsa_agent_get_info)                                                        \
  X(hsa_agent_iterate_isas)                                                    \
  X(hsa_isa_get_info_alt)                                                      \
  X(hsa_agent_iterate_regions)                                                 \
  X(hsa_region_get_info)                                                       \
  X(hsa_memory_allocate)                                                       \
  X(hsa_memory_free)                                                           \
  X(hsa_memory_copy)                                                           \
  X(hsa_queue_create)                                                          \
  X(hsa_queue_destroy)                                                         \
  X(hsa_queue_load_read_index_scacquire)                                       \
  X(hsa_queue_load_write_index_relaxed)                                        \
  X(hsa_queue_add_write_index_relaxed)                                         \
  X(hsa_signal_create)                                                         \
  X(hsa_signal_destroy)                                                        \
  X(hsa_signal_load_scacquire)                                                 \
  X(hsa_signal_store_relaxed)                                                  \
  X(hsa_signal_store_screlease)                                                \
  X(hsa_signal_wait_scacquire)                                                 \
  X(hsa_code_object_reader_create_from_memory)                                 \
  X(hsa_code_object_reader_destroy)                                            \
  X(hsa_executable_create_alt)                                                 \
  X(hsa_executable_load_agent_code_object)                                     \
  X(hsa_executable_freeze)                                                     \
  X(hsa_executable_destroy)                                                    \
  X(hsa_executable_get_symbol_by_name)                                         \
  X(hsa_executable_symbol_get_info)

namespace ptxmlir::runtime {

struct HsaTable {
#define PTXMLIR_HSA_FIELD(name) decltype(&::name) name = nullptr;
  PTXMLIR_HSA_FUNCTIONS(PTXMLIR_HSA_FIELD)
#undef PTXMLIR_HSA_FIELD
};

} // namespace ptxmlir::runtime

#endif // PTXMLIR_RUNTIME_COMMON_HSATABLE_H
