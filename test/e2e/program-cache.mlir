// tg-run's programs go through the disk cache the tensor library uses
// (CACHEDB; lit turns it off with CACHELEVEL=0 unless a test asks), which
// tg-cache lists, measures and clears. A corrupted entry is deleted with a
// warning and compiled again, and the result stays right.
// RUN: rm -rf %t && mkdir -p %t
// RUN: env CACHELEVEL=1 CACHEDB=%t/cache.db DEBUG=1 tg-run %s --input=1,2 2>&1 | FileCheck %s --check-prefix=FIRST
// FIRST: compiled in
// FIRST: result #0: tensor<2xf32> = [2, 3]
// RUN: env CACHELEVEL=1 CACHEDB=%t/cache.db DEBUG=1 tg-run %s --input=1,2 2>&1 | FileCheck %s --check-prefix=SECOND
// SECOND: from the program cache
// SECOND: result #0: tensor<2xf32> = [2, 3]
// The file is private to its user.
// RUN: stat -c %%a %t/cache.db | FileCheck %s --check-prefix=MODE
// MODE: 600
// RUN: env CACHEDB=%t/cache.db tg-cache size | FileCheck %s --check-prefix=ONE
// ONE: cache.db: 1 programs, {{[0-9]+}} bytes
// RUN: env CACHEDB=%t/cache.db tg-cache list | FileCheck %s --check-prefix=LIST
// LIST: tg-run|add_one|CPU|

// RUN: %python -c "import sqlite3, sys; db = sqlite3.connect(sys.argv[1]); db.execute('UPDATE programs SET blob = substr(blob, 1, 64)'); db.commit()" %t/cache.db
// RUN: env CACHELEVEL=1 CACHEDB=%t/cache.db DEBUG=1 tg-run %s --input=1,2 2>&1 | FileCheck %s --check-prefix=CORRUPT
// CORRUPT: program cache: an entry whose digest does not match its contents; it is deleted and compiled again
// CORRUPT: compiled in
// CORRUPT: result #0: tensor<2xf32> = [2, 3]

// RUN: env CACHEDB=%t/cache.db tg-cache clear | FileCheck %s --check-prefix=CLEAR
// CLEAR: cleared {{.*}}cache.db
// RUN: env CACHEDB=%t/cache.db tg-cache size | FileCheck %s --check-prefix=NONE
// NONE: 0 programs, 0 bytes
// RUN: env CACHEDB=%t/cache.db CACHELEVEL=0 DEBUG=1 tg-run %s --input=1,2 2>&1 | FileCheck %s --check-prefix=FIRST
// RUN: env CACHEDB=%t/cache.db tg-cache size | FileCheck %s --check-prefix=NONE

// Without CACHEDB, XDG_CACHE_HOME or HOME there is no cache, not a shared /tmp one.
// RUN: env -u CACHEDB -u XDG_CACHE_HOME -u HOME tg-cache path | FileCheck %s --check-prefix=NOWHERE
// NOWHERE: (none: neither CACHEDB, XDG_CACHE_HOME nor HOME is set)
// RUN: env -u CACHEDB XDG_CACHE_HOME=%t/xdg tg-cache path | FileCheck %s --check-prefix=XDG
// XDG: {{.*}}/xdg/tinygrad-mlir/cache.db
// RUN: not tg-cache defrag 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: tg-cache: 'defrag' is none of list, size, clear, path

func.func @add_one(%x: tensor<2xf32>) -> tensor<2xf32> {
  %one = tg.const 1.0 : tensor<2xf32>
  %r = tg.add %x, %one : tensor<2xf32>
  return %r : tensor<2xf32>
}
