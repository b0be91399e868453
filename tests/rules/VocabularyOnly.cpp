// Compiled against proofport::oracle alone (vocabulary only): if the oracle ever includes a
// production header, this translation unit stops compiling.
#include "proofport/oracle/Dense.h"
#include "proofport/oracle/Graph.h"

template class proofport::oracle::DenseContext<float>;
template class proofport::oracle::DenseContext<double>;
template proofport::TensorPack<double>
proofport::oracle::backpropAll(const std::vector<proofport::oracle::GraphNode<double>> &,
                               const proofport::TensorPack<double> &,
                               const proofport::TensorPack<double> &);
template double proofport::oracle::dotList(const proofport::TensorPack<double> &,
                                           const proofport::TensorPack<double> &);
