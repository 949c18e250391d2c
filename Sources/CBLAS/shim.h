// Thin shim over the system BLAS/LAPACK headers (Debian: libblas-dev, liblapacke-dev).
// Whichever BLAS `libblas.so.3` resolves to (reference, OpenBLAS) is used unchanged.
#ifndef SHORTCUTLAB_CBLAS_SHIM_H
#define SHORTCUTLAB_CBLAS_SHIM_H
#include <cblas.h>
#include <lapacke.h>
#endif
