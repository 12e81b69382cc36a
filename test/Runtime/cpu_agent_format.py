"""lit format: every test/e2e program on the CPU agent (see
CPUAgent/lit.local.cfg). A module of its own so that lit can pickle it for
its worker processes."""
import os
import subprocess

import lit.formats
import lit.Test

CHIPS = (("wave32", "gfx1100"), ("wave64", "gfx942"))
# sm_80 at both wave sizes; the other flavours at wave32.
FLAVOURS = (("sm_80", CHIPS), ("sm_75", CHIPS[:1]), ("sm_90", CHIPS[:1]))


class CPUAgentE2E(lit.formats.TestFormat):
    def __init__(self, src_root, obj_root):
        self.e2e = os.path.join(src_root, "test", "e2e")
        self.bin = os.path.join(obj_root, "bin", "e2e")
        self.lib = os.path.join(obj_root, "lib")
        self.cache = os.path.join(obj_root, "test", "Runtime", "CPUAgent",
                                  "Output", "cache")
        self.timeout = int(os.environ.get("PTXMLIR_E2E_TIMEOUT", "300"))

    def getTestsInDirectory(self, testSuite, path_in_suite, litConfig,
                            localConfig):
        for name in sorted(os.listdir(self.e2e)):
            d = os.path.join(self.e2e, name)
            if not (os.path.isfile(os.path.join(d, "host.cpp"))
                    and os.path.isfile(os.path.join(d, name + ".cu"))):
                continue
            for sm, chips in FLAVOURS:
                for wave, _ in chips:
                    yield lit.Test.Test(testSuite, path_in_suite +
                                        ("%s.%s.%s" % (name, sm, wave),),
                                        localConfig)

    def execute(self, test, litConfig):
        name, sm, wave = test.path_in_suite[-1].split(".")
        chip = dict(CHIPS)[wave]
        host = os.path.join(self.bin, "e2e-" + name)
        ptx = os.path.join(self.e2e, name, "%s.%s.ptx" % (name, sm))
        if not os.path.exists(os.path.join(self.lib, "libcuda.so.1")):
            return lit.Test.UNSUPPORTED, "build/lib/libcuda.so.1 was not built"
        if not os.path.exists(host):
            return (lit.Test.UNSUPPORTED,
                    "host program not built (needs NVIDIA's cuda.h)")
        env = dict(os.environ)
        env.update(LD_LIBRARY_PATH=self.lib, PTXMLIR_DEVICE="host",
                   PTXMLIR_HOST_CHIP=chip, PTXMLIR_CACHE_DIR=self.cache)
        cmd = [host, ptx]
        report = "$ PTXMLIR_DEVICE=host PTXMLIR_HOST_CHIP=%s LD_LIBRARY_PATH=%s %s\n" % (
            chip, self.lib, " ".join(cmd))
        try:
            p = subprocess.run(cmd, env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, timeout=self.timeout)
        except subprocess.TimeoutExpired:
            return lit.Test.FAIL, report + "timed out after %d s" % self.timeout
        out = p.stdout.decode("utf-8", "replace")
        lines = out.strip().splitlines()
        report += out
        if p.returncode == 0 and lines and lines[-1].strip() == "PASS":
            return lit.Test.PASS, report
        return lit.Test.FAIL, report + "\n(exit status %d)" % p.returncode
