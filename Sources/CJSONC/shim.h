#ifndef REFOLD_CJSONC_SHIM_H
#define REFOLD_CJSONC_SHIM_H
// json-c installs its headers under json-c/; pkg-config adds that folder to the include path.
#include <json.h>
#endif
