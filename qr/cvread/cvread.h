#ifndef CVREAD_H
#define CVREAD_H
#ifdef __cplusplus
extern "C" {
#endif
// cvread_wechat decodes the QR codes in a grey image (w×h bytes, row by
// row) with OpenCV's WeChat QR reader and returns their texts joined by
// NUL-free '\n' in a malloc'd string; *n is set to how many were read.
char* cvread_wechat(const unsigned char* px, int w, int h, int* n);
#ifdef __cplusplus
}
#endif
#endif
