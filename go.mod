module tengen

go 1.26

require (
	go.bug.st/serial v1.8.0 // indirect
	golang.org/x/sys v0.43.0 // indirect
)
