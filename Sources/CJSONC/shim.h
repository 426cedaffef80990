#ifndef REFOLD_CJSONC_SHIM_H
#define REFOLD_CJSONC_SHIM_H
// Included by its full path so that the build does not depend on pkg-config's -I flag.
#include <json-c/json.h>
#endif
