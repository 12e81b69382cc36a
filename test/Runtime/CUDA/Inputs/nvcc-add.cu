// Source of nvcc13-add.fatbin: the .nv_fatbin section of
//   nvcc -gencode arch=compute_80,code=compute_80 nvcc-add.cu -o add
//   objcopy -O binary --only-section=.nv_fatbin add nvcc13-add.fatbin
// (CUDA 13.0: an empty container, then one with a zstd-compressed PTX
// entry behind an 80-byte entry header).
__global__ void add(float *a, float b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] += b;
}

int main() {
  float *d;
  cudaMalloc(&d, 400);
  add<<<1, 128>>>(d, 1.5f, 100);
  return cudaDeviceSynchronize();
}
