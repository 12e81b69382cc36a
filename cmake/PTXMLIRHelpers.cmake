# Helpers shared by every ptx-mlir target.

# ptxmlir_link_mlir(target <PUBLIC|PRIVATE> libs...)
# Links against libMLIR.so (the default, fastest to rebuild) or against the
# individual static MLIR libraries when PTXMLIR_LINK_MLIR_DYLIB is OFF.
function(ptxmlir_link_mlir target scope)
  if(PTXMLIR_LINK_MLIR_DYLIB)
    target_link_libraries(${target} ${scope} MLIR)
  else()
    target_link_libraries(${target} ${scope} ${ARGN})
  endif()
endfunction()

# ptxmlir_link_llvm(target <PUBLIC|PRIVATE> components...)
function(ptxmlir_link_llvm target scope)
  if(LLVM_LINK_LLVM_DYLIB)
    target_link_libraries(${target} ${scope} LLVM)
  else()
    llvm_map_components_to_libnames(libs ${ARGN})
    target_link_libraries(${target} ${scope} ${libs})
  endif()
endfunction()

# ptxmlir_tablegen(<output> <generator args...>) with the ptx-mlir TableGen
# backend (tools/ptx-tblgen).
function(ptxmlir_tablegen ofn)
  tablegen(PTXMLIR ${ofn} ${ARGN})
  set(TABLEGEN_OUTPUT ${TABLEGEN_OUTPUT} ${CMAKE_CURRENT_BINARY_DIR}/${ofn} PARENT_SCOPE)
endfunction()
