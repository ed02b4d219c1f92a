package qr_test

import (
	"fmt"

	"tengen/qr"
)

// A review page's address on the table's network, at level M: version 4
// (33×33 modules), drawn as SVG for the page or as PNG.
func ExampleEncode() {
	c, err := qr.Encode([]byte("http://192.168.1.20:8080/review.html?game=visitor017"), qr.M)
	if err != nil {
		fmt.Println(err)
		return
	}
	png, _ := c.PNG(4)
	fmt.Println(c.Version, c.Size, c.Level, len(png) > 0)
	// Output: 4 33 M true
}
