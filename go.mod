module tengen

go 1.26

require (
	periph.io/x/conn/v3 v3.7.3
	periph.io/x/devices/v3 v3.7.4
	periph.io/x/host/v3 v3.8.5
)

require github.com/jonboulle/clockwork v0.5.0 // indirect
