// Uses proofport's production deferred context alone: defer one uniform addition and read it.
#include <cstdio>
#include <vector>

#include "proofport/core/Gradients.h"

int main() {
  using Context = proofport::GradientContext<double>;
  Context ctx = Context::ofPack(proofport::TensorPack<double>::fill({{2}}, 1.0));
  ctx.addUniform(0.5);
  const proofport::TensorPack<double> pack = ctx.toPack();
  std::printf("%zu tensor(s) after one deferred addition\n", ctx.size());
  return pack.size() == 1 ? 0 : 1;
}
