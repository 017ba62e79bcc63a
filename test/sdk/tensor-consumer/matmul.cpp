// [[1,2],[3,4]] @ [[5,6],[7,8]] + 1, and its gradient, through the
// installed tensor library.
#include <tg/tensor.h>

#include <cstdio>
#include <vector>

int main() {
  tg::Tensor a = tg::Tensor::from_vector(std::vector<float>{1, 2, 3, 4}, {2, 2}).requires_grad_();
  tg::Tensor b = tg::Tensor::from_vector(std::vector<float>{5, 6, 7, 8}, {2, 2});
  tg::Tensor c = a.matmul(b) + 1.0f;
  std::vector<float> got = c.to_vector<float>();
  const std::vector<float> want = {20, 23, 44, 51};
  c.sum().backward();
  // d(sum(a@b))/da = ones @ b.T: each row is b's row sums, 11 and 15.
  std::vector<float> grad = a.grad().to_vector<float>();
  const std::vector<float> wantGrad = {11, 15, 11, 15};
  if (got != want || grad != wantGrad) {
    std::fprintf(stderr, "wrong: %g %g %g %g, grad %g %g %g %g\n", got[0], got[1], got[2], got[3],
                 grad[0], grad[1], grad[2], grad[3]);
    return 1;
  }
  std::printf("a @ b + 1 = %g %g %g %g; grad %g %g %g %g\n", got[0], got[1], got[2], got[3],
              grad[0], grad[1], grad[2], grad[3]);
  return 0;
}
