//===- Init.cpp - cuInit and the driver version ---------------------------===//

#include "Internal.h"

using namespace ptxmlir::cuda;

extern "C" {

CUresult CUDAAPI cuInit(unsigned int Flags) {
  return PTXMLIR_API({
    if (Flags != 0)
      return CUDA_ERROR_INVALID_VALUE;
    static std::once_flag once;
    std::call_once(once, [] {
      Runtime &r = rt();
      std::string why;
      if (!initHsa(r.hsa, why)) {
        logf("no device: %s", why.c_str());
        r.initResult = CUDA_ERROR_NO_DEVICE;
        return;
      }
      logf("devices from %s", r.hsa.source.c_str());
      for (size_t i = 0; i < r.hsa.agents.size(); ++i) {
        auto d = std::make_unique<DeviceState>();
        d->ordinal = int(i);
        d->agent = &r.hsa.agents[i];
        logf("device %zu: %s (%s, compiles for %s)", i, d->agent->name.c_str(),
             d->agent->isaName.c_str(), d->agent->chip.c_str());
        r.devices.push_back(std::move(d));
      }
      r.initResult = CUDA_SUCCESS;
      r.initialized = true;
    });
    return rt().initResult;
  });
}

CUresult CUDAAPI cuDriverGetVersion(int *driverVersion) {
  return PTXMLIR_API({
    if (!driverVersion)
      return CUDA_ERROR_INVALID_VALUE;
    *driverVersion = kDriverVersion;
    return CUDA_SUCCESS;
  });
}

} // extern "C"
