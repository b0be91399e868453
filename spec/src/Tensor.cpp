// Out-of-line vocabulary helpers: shape printing and index checks.
#include "proofport/spec/Tensor.h"

#include <ostream>

namespace proofport {

std::string showShape(const Shape &shape) {
  std::string out = "[";
  for (std::size_t k = 0; k < shape.size(); ++k) {
    out += k == 0 ? "" : ",";
    out += std::to_string(shape[k]);
  }
  out += ']';
  return out;
}

std::string showShapes(const std::vector<Shape> &shapes) {
  std::string out = "[";
  for (std::size_t k = 0; k < shapes.size(); ++k) {
    out += k == 0 ? "" : ",";
    out += showShape(shapes[k]);
  }
  out += ']';
  return out;
}

std::size_t elementCount(const Shape &shape, const char *operation) {
  for (const std::size_t dim : shape) {
    if (dim == 0) {
      return 0;  // whatever the other dimensions, in any order
    }
  }
  std::size_t count = 1;
  for (const std::size_t dim : shape) {
    if (count > std::numeric_limits<std::size_t>::max() / dim) {
      throwShapeError(operation, "a shape whose element count fits in size_t", showShape(shape));
    }
    count *= dim;
  }
  return count;
}

std::string showIdx(const Idx &idx) {
  return std::string("#").append(std::to_string(idx.i)) + ":" + showShape(idx.shape);
}

// Out of line: inlined into callers, GCC 12 at -O3 reports false array-bounds errors.
void assignIdx(std::span<const Shape> shapes, std::size_t i, Idx &out, const char *operation) {
  if (i >= shapes.size()) {
    throwIndexError(operation, "position < " + std::to_string(shapes.size()), std::to_string(i));
  }
  out.i = i;
  const Shape &shape = shapes[i];
  if (out.shape.size() == shape.size()) {  // element by element: no call for a short shape
    for (std::size_t k = 0; k < shape.size(); ++k) {
      out.shape[k] = shape[k];
    }
  } else {
    out.shape = shape;
  }
}

void checkIdx(std::span<const Shape> shapes, const Idx &idx, const char *operation) {
  if (idx.i >= shapes.size()) {
    throwIndexError(operation, "position < " + std::to_string(shapes.size()),
                    std::to_string(idx.i));
  }
  if (!sameShape(shapes[idx.i], idx.shape)) {
    throwShapeError(operation,
                    "shape " + showShape(shapes[idx.i]) + " at position " + std::to_string(idx.i),
                    showShape(idx.shape));
  }
}

void showValue(const Idx &idx, std::ostream &os) { os << showIdx(idx); }

}  // namespace proofport
