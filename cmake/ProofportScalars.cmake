# The scalar types proofport provides, registered for catalogs (proofport_register_scalar in
# cmake/ProofportCatalog.cmake). Included by the build and by the installed package, so users'
# catalogs run over them by name.
set(proofport_ieee proofport/gen/Scalars.h)
set(proofport_rational proofport/gen/RationalScalars.h)
set(proofport_zoo proofport/gen/ZooScalars.h)
set(proofport_witness proofport/gen/WitnessScalars.h)

proofport_register_scalar(float16 TYPE proofport::Half HEADER proofport/scalars/Ieee.h
  GEN_HEADER ${proofport_zoo} FAMILY float
  DETECTS "IEEE binary16: overflow to inf and absorbed additions at small magnitudes")
proofport_register_scalar(float32 TYPE float HEADER proofport/spec/Scalar.h
  GEN_HEADER ${proofport_ieee} FAMILY float ROUNDING down up zero
  DETECTS "IEEE binary32: signed zeros, NaN, inf, subnormals, absorbed additions (x + u identical to x), reordered sums")
proofport_register_scalar(float64 TYPE double HEADER proofport/spec/Scalar.h
  GEN_HEADER ${proofport_ieee} FAMILY float ROUNDING down up zero
  DETECTS "IEEE binary64: as float32 with a wider exponent and significand")
proofport_register_scalar(float80 TYPE proofport::Float80 HEADER proofport/scalars/Ieee.h
  GEN_HEADER ${proofport_zoo} FAMILY float
  DETECTS "x87 extended: identity over the 80 value bits only (padding ignored)")
proofport_register_scalar(bin50 TYPE proofport::Bin50 HEADER proofport/scalars/Multiprecision.h
  GEN_HEADER ${proofport_zoo} FAMILY float
  DETECTS "50-digit binary float: signed zero, inf, NaN, no subnormals")
proofport_register_scalar(dec50 TYPE proofport::Dec50 HEADER proofport/scalars/Multiprecision.h
  GEN_HEADER ${proofport_zoo} FAMILY float
  DETECTS "50-digit decimal float: decimal rounding, unsigned zero")
proofport_register_scalar(rational TYPE proofport::Rational HEADER proofport/scalars/Rational.h
  GEN_HEADER ${proofport_rational} FAMILY exact
  DETECTS "exact rationals: any dropped, repeated or misapplied addition changes the value")
proofport_register_scalar(int TYPE proofport::BigInt HEADER proofport/scalars/Multiprecision.h
  GEN_HEADER ${proofport_zoo} FAMILY exact
  DETECTS "arbitrary-precision integers: dropped or repeated additions, beyond 64 bits")
proofport_register_scalar(mpq TYPE proofport::Mpq HEADER proofport/scalars/Multiprecision.h
  GEN_HEADER ${proofport_zoo} FAMILY exact
  DETECTS "GMP rationals: as rational, through a second implementation")
proofport_register_scalar(mpfr100 TYPE proofport::Mpfr100 HEADER proofport/scalars/Multiprecision.h
  GEN_HEADER ${proofport_zoo} FAMILY float
  DETECTS "MPFR 100-digit float: signed zero, NaN, correctly rounded additions")
proofport_register_scalar(order TYPE proofport::scalars::Order HEADER proofport/scalars/Order.h
  GEN_HEADER ${proofport_witness} FAMILY witness
  DETECTS "free magma: any reordered, reassociated, swapped, dropped or repeated addition, on every input")
proofport_register_scalar(sat8 TYPE proofport::scalars::Sat8 HEADER proofport/scalars/Sat8.h
  GEN_HEADER ${proofport_witness} FAMILY witness
  DETECTS "saturating int8: not associative, fixed points at the bounds (a summed run differs)")
proofport_register_scalar(maxplus TYPE proofport::scalars::MaxPlus HEADER proofport/scalars/MaxPlus.h
  GEN_HEADER ${proofport_witness} FAMILY witness
  DETECTS "tropical max: idempotent, every run reaches its fixed point at once")
proofport_register_scalar(wrap8 TYPE proofport::scalars::Wrap8 HEADER proofport/scalars/Wrap8.h
  GEN_HEADER ${proofport_witness} FAMILY witness
  DETECTS "integers mod 256: dropped or repeated additions, with wraparound")
