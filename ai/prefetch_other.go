//go:build !amd64 && !arm64

package ai

// prefetch is a hint only; without an instruction for it, nothing.
func prefetch(addr uintptr) {}
