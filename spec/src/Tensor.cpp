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
      throwShapeError(operation, "a shape whose element count fits in size_t",
                       showShape(shape));
    }
    count *= dim;
  }
  return count;
}

std::string showIdx(const Idx &idx) {
  return std::string("#").append(std::to_string(idx.i)) + ":" + showShape(idx.shape);
}

namespace detail {

void throwPositionPastTheEnd(std::size_t size, std::size_t i, const char *operation) {
  throwIndexError(operation, "position < " + std::to_string(size), std::to_string(i));
}

void throwShapeAtPosition(const Shape &expected, const Idx &idx, const char *operation) {
  throwShapeError(operation,
                  "shape " + showShape(expected) + " at position " + std::to_string(idx.i),
                  showShape(idx.shape));
}

} // namespace detail

void showValue(const Idx &idx, std::ostream &os) { os << showIdx(idx); }

} // namespace proofport
