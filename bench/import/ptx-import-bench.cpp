//===- ptx-import-bench.cpp - in-process PTX import throughput ------------===//
//
// Imports one PTX file --runs times (each into a fresh MLIRContext, with
// the verifier, as ptx-translate does) and prints the median and minimum
// time and the lines per second of the median. Start-up and printing are
// not included; bench/import/run.py reports the whole-process figure too.
//
//===----------------------------------------------------------------------===//

#include "mlir/IR/MLIRContext.h"
#include "ptxmlir/Target/PTX/PTXImport.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <chrono>
#include <vector>

using namespace llvm;

static cl::opt<std::string> input(cl::Positional, cl::desc("<ptx file>"),
                                  cl::Required);
static cl::opt<unsigned> runs("runs", cl::desc("number of timed imports"),
                              cl::init(7));

int main(int argc, char **argv) {
  cl::ParseCommandLineOptions(argc, argv, "PTX import benchmark\n");
  auto file = MemoryBuffer::getFile(input);
  if (!file) {
    errs() << "cannot read " << input << "\n";
    return 1;
  }
  StringRef text = (*file)->getBuffer();
  size_t lines = std::count(text.begin(), text.end(), '\n');
  std::vector<double> times;
  for (unsigned i = 0; i <= runs; ++i) {
    mlir::MLIRContext ctx;
    ctx.disableMultithreading();
    SourceMgr sm;
    sm.AddNewSourceBuffer(MemoryBuffer::getMemBufferCopy(text, input),
                          SMLoc());
    auto start = std::chrono::steady_clock::now();
    auto module = mlir::ptx::importPTX(sm, &ctx);
    auto end = std::chrono::steady_clock::now();
    if (!module) {
      errs() << "import failed\n";
      return 1;
    }
    if (i) // the first run warms up
      times.push_back(std::chrono::duration<double>(end - start).count());
  }
  std::sort(times.begin(), times.end());
  double median = times[times.size() / 2];
  outs() << "lines " << lines << " runs " << runs << " median_s "
         << format("%.4f", median) << " min_s " << format("%.4f", times[0])
         << " max_s " << format("%.4f", times.back()) << " lines_per_s "
         << format("%.0f", lines / median) << "\n";
  return 0;
}
