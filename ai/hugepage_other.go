//go:build !linux

package ai

import "unsafe"

// adviseHuge is a hint for Linux only.
func adviseHuge(p unsafe.Pointer, n int) {}
