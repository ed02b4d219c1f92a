//go:build amd64 || arm64

package ai

// prefetch asks the processor to bring the memory at addr into the cache
// without waiting for it: the search knows a table entry's address some
// hundred nanoseconds before it reads it (a child's hash before the move
// is played), and a miss in a table of megabytes costs about that.
//
//go:noescape
func prefetch(addr uintptr)
