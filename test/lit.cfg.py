# lit configuration of ptx-mlir.
import os

import lit.formats
from lit.llvm import llvm_config

config.name = "ptx-mlir"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".ptx", ".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.ptxmlir_obj_root, "test")
# Sources of the e2e programs and their inputs are not tests themselves.
config.excludes = ["e2e", "Inputs", "lit.cfg.py", "CMakeLists.txt"]

llvm_config.with_system_environment(["HOME", "TMPDIR"])
llvm_config.use_default_substitutions()

config.substitutions.append(("%ptxmlir_src", config.ptxmlir_src_root))
config.substitutions.append(("%e2e", os.path.join(config.ptxmlir_src_root,
                                                  "test", "e2e")))
tool_dirs = [config.ptxmlir_tools_dir, config.llvm_tools_dir]
llvm_config.add_tool_substitutions(["ptx-opt", "ptx-translate"], tool_dirs)
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.ptxmlir_tools_dir,
                             append_path=True)

# `ptxas` is optional: tests that need it say REQUIRES: ptxas, and lit
# reports them UNSUPPORTED (with this reason in its summary) without it.
if config.ptxas and os.path.exists(config.ptxas):
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", config.ptxas))
else:
    lit_config.note("ptxas not found: tests that assemble exported PTX "
                    "are skipped (UNSUPPORTED)")
