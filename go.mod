module tengen

go 1.26

require (
	gocv.io/x/gocv v0.31.0
	gopkg.in/yaml.v3 v3.0.1
)
