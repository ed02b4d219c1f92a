package qr

import "testing"

// BenchmarkEncodeReviewURL encodes a review address of 100 bytes at level
// M (version 6): eight masks drawn and scored.
func BenchmarkEncodeReviewURL(b *testing.B) {
	url := []byte("http://192.168.178.42:8080/review.html?game=visitor017-20261122-101500&lang=zh-Hans&from=qr")
	for len(url) < 100 {
		url = append(url, 'x')
	}
	for b.Loop() {
		if _, err := Encode(url, M); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSVG(b *testing.B) {
	c, err := Encode([]byte("http://192.168.1.20:8080/review.html?game=visitor017"), M)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		_ = c.SVG()
	}
}
