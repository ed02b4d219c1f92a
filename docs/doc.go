// Package docs holds the project's documents (the architecture, the Pi
// guide); its test keeps ARCHITECTURE.md's package table true to the
// tree.
package docs
