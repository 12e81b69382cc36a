/* Preprocessed with __CUDA_API_VERSION_INTERNAL by CMake: declares every
 * symbol a real libcuda exports, for gen-entry-points.py. */
#include <cuda.h>
