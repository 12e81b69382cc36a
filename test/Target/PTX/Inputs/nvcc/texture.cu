__global__ void texk(cudaTextureObject_t t, cudaSurfaceObject_t s, float *out, int w) {
  int x = threadIdx.x, y = blockIdx.x;
  float4 v = tex2D<float4>(t, x + 0.5f, y + 0.5f);
  float l = tex2DLod<float>(t, x, y, 1.0f);
  float g = tex2DGrad<float>(t, x, y, make_float2(1, 0), make_float2(0, 1));
  float a = tex1Dfetch<float>(t, x);
  float4 q = tex2Dgather<float4>(t, x, y, 1);
  out[y * w + x] = v.x + v.y + v.z + v.w + l + g + a + q.x;
  int sv = surf2Dread<int>(s, x * 4, y);
  surf2Dwrite<int>(sv + 1, s, x * 4, y);
  uchar4 u = surf2Dread<uchar4>(s, x * 4, y, cudaBoundaryModeClamp);
  surf2Dwrite(u, s, x * 4, y, cudaBoundaryModeZero);
}
