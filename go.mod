module tengen

go 1.26

require (
	github.com/chromedp/chromedp v0.23.0
	go.bug.st/serial v1.8.0
	gocv.io/x/gocv v0.31.0
	gopkg.in/yaml.v3 v3.0.1
	periph.io/x/conn/v3 v3.7.3
	periph.io/x/devices/v3 v3.7.4
	periph.io/x/host/v3 v3.8.5
)

require (
	github.com/chromedp/cdproto v0.159.0 // indirect
	github.com/go-json-experiment/json v0.0.0-20260213210345-44df1a37e875 // indirect
	github.com/jonboulle/clockwork v0.5.0 // indirect
	golang.org/x/sys v0.43.0 // indirect
)
