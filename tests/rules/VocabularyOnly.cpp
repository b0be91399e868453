// Compiled against proofport::oracle alone (vocabulary only): if the oracle ever includes a
// production header, this translation unit stops compiling.
#include "proofport/oracle/Dense.h"

template class proofport::oracle::DenseContext<float>;
template class proofport::oracle::DenseContext<double>;
