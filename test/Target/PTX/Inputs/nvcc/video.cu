__global__ void video(unsigned *o, const unsigned *a, const unsigned *b) {
  unsigned x = a[threadIdx.x], y = b[threadIdx.x];
  o[threadIdx.x] = __vadd2(x, y) + __vabsdiffu4(x, y) + __vmaxs2(x, y) + __vsetgtu4(x, y) + __vavgu2(x,y) + __vsads4(x, y);
}
