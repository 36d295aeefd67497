#ifndef LOADRUN_CSQLITE_SHIM_H
#define LOADRUN_CSQLITE_SHIM_H

#include <sqlite3.h>

/* Why: SQLITE_TRANSIENT is a cast macro that Swift cannot import; it makes SQLite copy a bound
   value before the call returns, so Swift's buffer need not outlive the statement. */
static inline sqlite3_destructor_type lr_sqlite_transient(void) { return SQLITE_TRANSIENT; }

#endif
