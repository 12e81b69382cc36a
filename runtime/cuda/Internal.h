//===- Internal.h - libcuda's objects and shared helpers -------*- C++ -*-===//
//
// The objects behind the CUDA handles (contexts, modules, functions,
// streams, events, libraries) and the process-wide state they live in. Every
// handle an application passes in is checked against a registry first, so a
// stale or made-up handle is an error code, never a crash.
//
//===----------------------------------------------------------------------===//

#ifndef PTXMLIR_RUNTIME_CUDA_INTERNAL_H
#define PTXMLIR_RUNTIME_CUDA_INTERNAL_H

#include "Hsa.h"
#include "Log.h"
#include "common/CodeObject.h"

#include <cuda.h>

#include <atomic>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace ptxmlir::cuda {

/// The compute capability we report, and pick PTX for (docs/runtime.md).
constexpr int kCCMajor = 8, kCCMinor = 0;
constexpr unsigned kCC = kCCMajor * 10 + kCCMinor;
constexpr uint32_t kSharedPerBlock = 64 * 1024;
constexpr int kDriverVersion = 13000;

const char *errorName(CUresult r);

/// Runs an API body, logging the call and its result under PTXMLIR_LOG.
template <typename F> CUresult api(const char *name, F &&body) {
  CUresult r = body();
  if (logEnabled())
    logf("%s -> %s", name, errorName(r));
  return r;
}
#define PTXMLIR_API(...)                                                       \
  ::ptxmlir::cuda::api(__func__, [&]() -> CUresult __VA_ARGS__)

//===----------------------------------------------------------------------===//
// Signals: pooled, shared by whoever still needs them (an event, a barrier
// packet waiting on it, the stream that owns the packet).
//===----------------------------------------------------------------------===//

struct Signal {
  hsa_signal_t handle;
  ~Signal();
};
using SignalRef = std::shared_ptr<Signal>;
/// A signal with value `value`, from the pool when possible.
SignalRef makeSignal(hsa_signal_value_t value = 1);

/// The host time (ns, steady clock) at which a timed event record was seen
/// done; 0 while not yet seen. A record links to the previous unstamped
/// record of its stream: stamping one stamps those before it too (a stream
/// completes in order), so timestamps never run against stream order.
struct EventStamp {
  std::atomic<uint64_t> ns{0};
  std::shared_ptr<EventStamp> prev; ///< guarded by Event.cpp's stamp lock
};
using EventStampRef = std::shared_ptr<EventStamp>;

//===----------------------------------------------------------------------===//
// Objects
//===----------------------------------------------------------------------===//

enum class HandleKind {
  Context,
  Module,
  Function,
  Stream,
  Event,
  Library,
  Kernel,
  Link
};

struct DeviceState;
struct ManagedVariables; ///< ManagedVariables.cpp

/// A managed page's location (Managed.cpp): a CUmemLocationType and id.
struct MemLocation {
  int type = 0; ///< CU_MEM_LOCATION_TYPE_INVALID
  int id = 0;
  bool operator==(const MemLocation &o) const {
    return type == o.type && id == o.id;
  }
};
/// What cuMemAdvise and cuMemPrefetchAsync said of one 4 KiB page.
struct ManagedPage {
  bool readMostly = false;
  MemLocation preferred, lastPrefetch;
  uint64_t accessedBy = 0; ///< bit 0: the host, bit 1 + d: device d
};

struct Allocation {
  uintptr_t base = 0;
  size_t size = 0;
  CUctx_st *ctx = nullptr;
  bool host = false; ///< cuMemAllocHost/HostAlloc memory
  bool managed = false; ///< cuMemAllocManaged memory, freed by cuMemFree
  /// The application's memory, cuMemHostRegister'ed (also `host`): never
  /// freed by us.
  bool registered = false;
  std::vector<ManagedPage> pages; ///< managed: advice, filled on first use
  /// A module's global variable (its memory belongs to the executable):
  /// copies may target it, cuMemFree may not.
  CUmod_st *module = nullptr;
  unsigned hostFlags = 0;
  uint64_t id = 0;
};

/// What a module image holds (Image.cpp).
struct ModuleImage {
  enum Kind { FatBinary, CodeObject, PTX } kind = PTX;
  /// The whole image, in the caller's memory: the fat binary's containers,
  /// the ELF file or the PTX text (without its NUL).
  llvm::StringRef bytes;
  /// A fat binary's chosen PTX entry, decompressed, and its name in
  /// diagnostics ("compute_80.ptx").
  std::string fatbinPTX;
  std::string ptxName;
  /// An `nvcc -rdc=true` program: the PTX of each translation unit
  /// (name, text), linked before it is compiled; empty otherwise.
  std::vector<std::pair<std::string, std::string>> linkedPTX;
  /// The PTX to compile; empty for a code object.
  llvm::StringRef ptx() const {
    return kind == PTX ? bytes : llvm::StringRef(fatbinPTX);
  }
  /// The PTX modules to link and compile, named for diagnostics
  /// (`sourceName` for PTX text); empty for a code object.
  std::vector<std::pair<std::string, llvm::StringRef>>
  sources(llvm::StringRef sourceName) const;
};

} // namespace ptxmlir::cuda

/// A packet in flight on a stream and what must stay alive until it ends.
struct InFlightPacket {
  ptxmlir::cuda::SignalRef completion;
  std::vector<ptxmlir::cuda::SignalRef> dependencies;
  void *kernarg = nullptr; ///< kernarg-region memory to free on completion
  void *perCTAMemory = nullptr; ///< a launch's per-CTA memory, likewise
};

struct CUstream_st {
  CUctx_st *ctx = nullptr;
  unsigned flags = 0;
  int priority = 0;
  bool legacy = false; ///< the NULL stream
  hsa_queue_t *queue = nullptr;
  std::mutex mu;
  std::deque<InFlightPacket> inflight;
  uint64_t id = 0;
  /// One reference for the handle, one for each thread that found the
  /// stream through its context and waits on it without rt().mu held
  /// (another thread may destroy the stream meanwhile). The last release
  /// destroys the queue and frees the object.
  std::atomic<unsigned> refs{1};
  /// Serialises event records, so the stamp chain follows packet order.
  std::mutex recordMu;
  ptxmlir::cuda::EventStampRef lastStamp; ///< the last timed record
  /// Attributes kept for cuStreamGetAttribute (StreamAttributes.cpp); they
  /// change nothing else. Guarded by `mu`.
  CUaccessPolicyWindow accessPolicyWindow{};
  CUsynchronizationPolicy syncPolicy = CU_SYNC_POLICY_AUTO;
  CUlaunchMemSyncDomainMap memSyncDomainMap{0, 1};
  CUlaunchMemSyncDomain memSyncDomain = CU_LAUNCH_MEM_SYNC_DOMAIN_DEFAULT;
};

/// cudart's per-context state (ExportTables.cpp): a value under a key of
/// its own, and what to call when the context goes away.
using ContextStorageDtor = void (*)(CUcontext, void *key, void *value);
struct ContextStorageEntry {
  void *value = nullptr;
  ContextStorageDtor dtor = nullptr;
};

struct CUctx_st {
  ptxmlir::cuda::DeviceState *dev = nullptr;
  unsigned flags = 0;
  bool primary = false;
  /// Resources exist (a primary context is inactive between its last
  /// release and the next retain; its handle stays the same).
  bool active = false;
  /// Sticky error after a failed launch: every later call reports it.
  std::atomic<int> sticky{CUDA_SUCCESS};
  CUstream_st *legacyStream = nullptr;
  std::set<CUstream_st *> streams; ///< not counting the legacy stream
  std::set<CUmod_st *> modules;
  std::set<CUevent_st *> events;
  size_t limits[16] = {};
  uint64_t id = 0;
  std::mutex storageMu;
  std::map<void *, ContextStorageEntry> storage;
};

struct CUfunc_st {
  CUmod_st *module = nullptr;
  const ptxmlir::runtime::KernelInfo *info = nullptr;
  uint64_t kernelObject = 0;
  uint32_t groupSegmentSize = 0;
  uint32_t privateSegmentSize = 0;
  uint32_t maxDynamicShared = 0;
  int carveout = -1;
  /// Blocks of more than 32 and at most this many threads run one CUDA
  /// warp per wave64 wave (ptxmlir/Target/AMDGPU/WarpPerWave.h); 0: never.
  uint32_t warpPerWaveLimit = 0;
  /// The kernel's thread limit when its work-group limit is a split
  /// dispatch's; 0: the metadata's max_flat_workgroup_size.
  uint32_t threadLimit = 0;
};

struct CUmod_st {
  CUctx_st *ctx = nullptr;
  std::string codeObject;
  ptxmlir::runtime::CodeObjectInfo info;
  hsa_code_object_reader_t reader{};
  hsa_executable_t executable{};
  std::map<std::string, std::unique_ptr<CUfunc_st>> functions;
  CUlib_st *library = nullptr; ///< set when loaded for a library
  /// `.managed` storage: the library's, or the module's own.
  std::shared_ptr<ptxmlir::cuda::ManagedVariables> managed;
};

struct CUevent_st {
  CUctx_st *ctx = nullptr;
  unsigned flags = 0;
  ptxmlir::cuda::SignalRef signal;    ///< of the last record; null if never
  ptxmlir::cuda::EventStampRef stamp; ///< of the last record if timed
};

struct CUkern_st {
  CUlib_st *library = nullptr;
  std::string name;
};

struct CUlib_st {
  std::string image; ///< copied: the caller may free theirs
  /// What the image holds, its references into `image`.
  ptxmlir::cuda::ModuleImage contents;
  std::map<CUctx_st *, CUmod_st *> modules;
  std::map<std::string, std::unique_ptr<CUkern_st>> kernels;
  std::vector<std::string> kernelNames;
  std::shared_ptr<ptxmlir::cuda::ManagedVariables> managed; ///< or null
};

struct CUlinkState_st {
  std::vector<std::pair<std::string, std::string>> ptx; ///< (name, text)
  std::string output;
  char *errorLog = nullptr;
  size_t errorLogSize = 0;
  char *infoLog = nullptr;
  size_t infoLogSize = 0;
};

namespace ptxmlir::cuda {

struct DeviceState {
  int ordinal = 0;
  Agent *agent = nullptr;
  CUctx_st *primary = nullptr; ///< created on first retain, never freed
  int primaryRefs = 0;
  unsigned primaryFlags = 0;
};

struct Runtime {
  std::recursive_mutex mu;
  std::atomic<bool> initialized{false};
  CUresult initResult = CUDA_ERROR_NOT_INITIALIZED;
  HsaRuntime hsa;
  std::vector<std::unique_ptr<DeviceState>> devices;
  std::unordered_map<const void *, HandleKind> handles;
  std::map<uintptr_t, Allocation> allocations; ///< by base address
  uint64_t nextId = 1;
};

Runtime &rt();
inline const runtime::HsaTable &hsa() { return rt().hsa.table; }

void registerHandle(const void *h, HandleKind k);
void unregisterHandle(const void *h);
bool isHandle(const void *h, HandleKind k);

/// CUDA_ERROR_NOT_INITIALIZED until cuInit succeeded.
CUresult checkInit();
/// The calling thread's current context, checked live and not failed.
/// `ignoreSticky` lets queries that do not touch the device through.
CUresult currentContext(CUctx_st *&ctx, bool ignoreSticky = false);
/// The calling thread's context stack. Trivially destructible on purpose:
/// the CUDA runtime's atexit work calls in after thread-local destructors
/// of the main thread have run.
class ContextStack {
public:
  bool empty() const { return count == 0; }
  CUctx_st *&back() { return data()[count - 1]; }
  void pop_back() { --count; }
  void push_back(CUctx_st *ctx);

private:
  CUctx_st **data() { return heap ? heap : local; }
  CUctx_st *local[16];
  CUctx_st **heap; ///< when deeper than `local`; never freed
  unsigned count, capacity;
};
ContextStack &contextStack();
/// Activates (creates the legacy stream of) a context.
CUresult activateContext(CUctx_st *ctx);
/// Waits for the context's work and frees everything it owns.
void deactivateContext(CUctx_st *ctx);
CUresult validDevice(CUdevice dev, DeviceState *&out);
/// The device's primary context, created (inactive) on first use; its
/// handle stays the same for the life of the process.
CUctx_st *primaryContextHandle(DeviceState *d);
/// Runs and drops the context-local storage destructors of `ctx` (cudart's
/// clean-up); called with no lock held, before the context's resources go.
void runStorageDestructors(CUctx_st *ctx);

/// Where we say a device sits on the PCI bus (no HSA call tells): the same
/// answer for cuDeviceGetPCIBusId, the PCI attributes and the integrity
/// check cudart verifies.
struct PciLocation {
  int domain, bus, device;
};
PciLocation pciLocation(const DeviceState &d);

//===----------------------------------------------------------------------===//
// Streams (Stream.cpp)
//===----------------------------------------------------------------------===//

CUresult createStream(CUctx_st *ctx, unsigned flags, int priority,
                      CUstream_st *&out);
/// Unregisters the handle, waits for the stream's work, takes it out of its
/// context and drops the handle's reference. CUDA_ERROR_INVALID_HANDLE if
/// another thread is already destroying it.
CUresult destroyStream(CUstream_st *s);
void retainStream(CUstream_st *s);
/// Drops a reference; the last one destroys the queue and frees `s`.
void releaseStream(CUstream_st *s);
/// The stream a handle names for `ctx` (NULL and CU_STREAM_LEGACY are the
/// legacy stream; CU_STREAM_PER_THREAD is treated as it too).
CUresult resolveStream(CUctx_st *ctx, CUstream h, CUstream_st *&out);
/// The stream `h` names in the calling thread's current context (checked as
/// currentContext does; `ignoreSticky` for queries).
CUresult currentStream(CUstream h, CUstream_st *&out,
                       bool ignoreSticky = false);
/// Enqueues one AQL packet on `s`, after the packets the legacy-stream rule
/// makes it wait for. `fill` writes the body (not the header) of the slot.
CUresult
submitPacket(CUstream_st *s, hsa_packet_type_t type,
             const std::function<void(void *slot, hsa_signal_t done)> &fill,
             InFlightPacket extra = {}, SignalRef completion = nullptr);
/// A barrier-AND packet on `s` waiting for `deps` (at most 5), completing
/// `completion` (a fresh signal when null).
CUresult submitBarrier(CUstream_st *s, std::vector<SignalRef> deps,
                       SignalRef completion);
CUresult synchronizeStream(CUstream_st *s);
/// Before host-side work on behalf of `s` (copies, memsets): waits for
/// everything that work must follow.
CUresult drainForHostWork(CUstream_st *s);
CUresult synchronizeContext(CUctx_st *ctx);
/// Waits for `sig` to reach 0; gives up with the context's sticky error.
CUresult waitSignal(CUctx_st *ctx, hsa_signal_t sig);
/// Whether `sig` has reached 0.
bool signalDone(hsa_signal_t sig);

//===----------------------------------------------------------------------===//
// Memory (Memory.cpp)
//===----------------------------------------------------------------------===//

/// The allocation containing [p, p+n), or nullptr.
const Allocation *findAllocation(uintptr_t p, size_t n = 1);
enum class MemoryKind {
  Device,  ///< the agent's global region
  Host,    ///< page-locked host memory the agent reaches (cuMemAllocHost)
  Managed, ///< reached by both at one address (cuMemAllocManaged)
};
/// Allocates and records `size` bytes for `ctx`.
CUresult allocateMemory(CUctx_st *ctx, size_t size, MemoryKind kind,
                        unsigned hostFlags, void **out);
void freeContextAllocations(CUctx_st *ctx);
/// hsa_memory_copy, staging through host memory the agent can reach when
/// one side is ordinary (pageable) host memory.
CUresult copyMemory(const Agent &agent, void *dst, const void *src, size_t n);
/// Copies between memory the agent's runtime placed (an allocation, a loaded
/// variable) and ordinary host memory, staged where ROCr needs it.
/// CUDA_ERROR_OUT_OF_MEMORY when no staging buffer could be had,
/// CUDA_ERROR_INVALID_VALUE when HSA refused the copy.
CUresult copyToDevice(const Agent &agent, void *device, const void *host,
                      size_t n);
CUresult copyToHost(const Agent &agent, void *host, const void *device,
                    size_t n);

//===----------------------------------------------------------------------===//
// Modules (Module.cpp)
//===----------------------------------------------------------------------===//

struct JitLogs {
  char *errorLog = nullptr;
  size_t errorLogSize = 0;
  size_t *errorLogWritten = nullptr;
  char *infoLog = nullptr;
  size_t infoLogSize = 0;
  size_t *infoLogWritten = nullptr;
  unsigned optLevel = 3;
  /// The name PTX locations carry in diagnostics (the file for cuModuleLoad).
  std::string sourceName = "module.ptx";
};

/// Tells a fat binary (or its wrapper), a code object and PTX text apart.
/// `size` is 0 when the caller gave only a pointer: the image's own headers
/// bound it then. CUDA_ERROR_INVALID_IMAGE for an image that is none of
/// them or is malformed, CUDA_ERROR_NO_BINARY_FOR_GPU (said on stderr) for
/// an NVIDIA cubin or a fat binary without PTX we may compile.
CUresult readImage(const void *image, size_t size, ModuleImage &out);
/// The bytes of the file at `path`: CUDA_ERROR_FILE_NOT_FOUND when it
/// cannot be opened, CUDA_ERROR_INVALID_IMAGE when it holds nothing.
CUresult readImageFile(const char *path, std::string &out);

/// Loads PTX text, a fat binary (or its wrapper) or a code object into
/// `ctx`. `size` is 0 when the caller gave only a pointer. A module loaded
/// for `library` uses the library's managed variables.
CUresult loadModule(CUctx_st *ctx, const void *image, size_t size,
                    JitLogs &logs, CUmod_st *&out, CUlib_st *library = nullptr);
void unloadModule(CUmod_st *m);
CUresult getFunction(CUmod_st *m, const char *name, CUfunc_st *&out);
/// A variable of a loaded executable, where the loader placed it.
struct Variable {
  uint64_t address = 0;
  uint32_t size = 0;
};
/// The variable `name` of `exe` on `agent` (Variables.cpp).
/// CUDA_ERROR_NOT_FOUND when the executable has no symbol of that name,
/// CUDA_ERROR_INVALID_IMAGE when it has one that is no variable with an
/// address (a kernel, a kernel descriptor) or whose details HSA refused.
CUresult findVariable(hsa_executable_t exe, const Agent &agent,
                      const char *name, Variable &out);
/// Fills f.warpPerWaveLimit/threadLimit from the code object's
/// warp-per-wave variable of `kernel`, if it has one.
void readWarpPerWave(CUmod_st *m, const std::string &kernel, CUfunc_st &f);
/// Compiles PTX for `agent` through the compile cache.
CUresult compilePTX(const Agent &agent, llvm::StringRef ptx,
                    llvm::StringRef sourceName, JitLogs &logs,
                    std::string &codeObject);
/// Links several PTX modules (name, text) and compiles them, likewise.
CUresult compileLinkedPTX(
    const Agent &agent,
    llvm::ArrayRef<std::pair<std::string, llvm::StringRef>> sources,
    JitLogs &logs, std::string &codeObject);
/// Loads what readImage found into `ctx` (for `library`, as loadModule).
CUresult loadModuleImage(CUctx_st *ctx, const ModuleImage &contents,
                         JitLogs &logs, CUmod_st *&out,
                         CUlib_st *library = nullptr);
/// Allocates and initialises the `.managed` variables of `lib`'s image
/// (compiled for `agent` if it is PTX declaring any) without a context.
CUresult createLibraryManaged(CUlib_st *lib, const Agent &agent);
/// Writes the address of each managed variable's storage into `m`'s
/// executable (ManagedVariables.cpp); the reason for a failure in `why`.
CUresult bindManagedVariables(CUmod_st *m, std::string &why);
/// The storage of managed variable `name`, if `managed` has one.
bool findManaged(const std::shared_ptr<ManagedVariables> &managed,
                 const char *name, CUdeviceptr &address, size_t &size);
/// The module of `lib` in `ctx`, loading it on first use.
CUresult libraryModule(CUlib_st *lib, CUctx_st *ctx, CUmod_st *&out);

/// A CUfunction or (CUDA 12+) a CUkernel passed where a function goes.
CUresult resolveFunction(CUfunction f, CUctx_st *ctx, CUfunc_st *&out);
CUresult functionAttribute(CUfunc_st *f, CUfunction_attribute attrib,
                           int &value);
CUresult setFunctionAttribute(CUfunc_st *f, CUfunction_attribute attrib,
                              int value);

} // namespace ptxmlir::cuda

#endif // PTXMLIR_RUNTIME_CUDA_INTERNAL_H
