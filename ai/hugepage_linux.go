package ai

import (
	"syscall"
	"unsafe"
)

// adviseHuge asks Linux to back the n bytes at p with huge pages: the
// search reads the transposition and threat tables (tens of megabytes) at
// random, and with 4 KiB pages nearly every read also misses the TLB.
// Only a hint (transparent huge pages set to madvise or always); errors
// are ignored.
func adviseHuge(p unsafe.Pointer, n int) {
	_ = syscall.Madvise(unsafe.Slice((*byte)(p), n), 14) // MADV_HUGEPAGE
}
