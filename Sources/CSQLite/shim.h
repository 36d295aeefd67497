#ifndef LOADRUN_CSQLITE_SHIM_H
#define LOADRUN_CSQLITE_SHIM_H

#include <sqlite3.h>

/* Why: SQLITE_TRANSIENT is a cast macro that Swift cannot import; it makes SQLite copy a bound
   value before the call returns, so Swift's buffer need not outlive the statement. */
static inline sqlite3_destructor_type lr_sqlite_transient(void) { return SQLITE_TRANSIENT; }

/* Why: sqlite3_db_config is variadic, which Swift cannot call. Leaves the write-ahead log as it
   is when the connection closes, rather than copying it into the database with two fsyncs. */
static inline int lr_sqlite_no_checkpoint_on_close(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}

#endif
