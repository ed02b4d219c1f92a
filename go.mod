module tengen

go 1.26

require (
	periph.io/x/conn/v3 v3.7.3 // indirect
	periph.io/x/devices/v3 v3.7.4 // indirect
	periph.io/x/host/v3 v3.8.5 // indirect
)
