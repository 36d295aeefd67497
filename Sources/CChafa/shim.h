#ifndef LOADRUN_CCHAFA_SHIM_H
#define LOADRUN_CCHAFA_SHIM_H

#include <chafa.h>

#endif
