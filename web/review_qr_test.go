//go:build cgo

package web

import (
	"bytes"
	"image"
	"image/draw"
	"image/png"
	"io"
	"log"
	"net/http/httptest"
	"testing"

	"github.com/chromedp/chromedp"

	"tengen/qr/cvread"
	"tengen/web/browsertest"
)

// TestReviewQRScans takes the QR code as Chromium draws it on the review
// page and reads it with OpenCV, as a phone's camera would: it holds the
// review's address on the table's network.
func TestReviewQRScans(t *testing.T) {
	s := New(Options{BaseURL: "http://192.168.1.20:8080/", Log: log.New(io.Discard, "", 0)})
	srv := httptest.NewServer(s.Handler())
	t.Cleanup(srv.Close)
	ts := srv.URL
	rec, sgf := testRecord(t)
	r, err := NewReview("visitor017", rec, testEvals, sgf)
	if err != nil {
		t.Fatal(err)
	}
	s.SetReview(r)
	ctx := browsertest.New(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(ts+"/review.html?game=visitor017"), chromedp.WaitVisible("#graph")); err != nil {
		t.Fatal(err)
	}
	browsertest.Poll(t, ctx, "QR code", `document.getElementById("qr").complete && document.getElementById("qr").naturalWidth > 0`)
	shot, err := chromedp.Run(ctx, chromedp.ScreenshotScale("#qr", 2))
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(shot))
	if err != nil {
		t.Fatal(err)
	}
	gray := image.NewGray(img.Bounds())
	draw.Draw(gray, gray.Bounds(), img, img.Bounds().Min, draw.Src)
	const want = "http://192.168.1.20:8080/review.html?game=visitor017"
	if got := cvread.Decode(gray); len(got) != 1 || got[0] != want {
		t.Errorf("OpenCV reads %q from the page's QR code, want %q", got, want)
	}
}
