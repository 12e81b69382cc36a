// Host for vector_add: 50000 floats, 256 threads per block; the float sum is
// correctly rounded, so the comparison is exact.  Prints the first elements.
#include "e2e.h"
using namespace e2e;

int main(int argc, char** argv) {
  Context ctx = init(argc, argv);
  Checker ck;
  Rng rng(0xADD);
  const int N = 50000, TPB = 256, GRID = (N + TPB - 1) / TPB;
  std::vector<float> a(N), b(N);
  for (int i = 0; i < N; i++) { a[i] = rng.uniform(-100.0f, 100.0f); b[i] = rng.uniform(-100.0f, 100.0f); }
  CUdeviceptr da = upload(a), db = upload(b), dc = alloc_out<float>(N);
  LAUNCH(get_function(ctx, "vector_add"), GRID, TPB, 0, da, db, dc, N);
  std::vector<float> c = download<float>(dc, N);
  for (int i = 0; i < 5; i++) printf("c[%d] = %.6f + %.6f = %.6f\n", i, a[i], b[i], c[i]);
  for (int i = 0; i < N; i++) {
    volatile float e = a[i] + b[i];
    ck.f32("c = a + b", i, c[i], e);
  }
  dfree(da); dfree(db); dfree(dc);
  return ck.finish(ctx);
}
