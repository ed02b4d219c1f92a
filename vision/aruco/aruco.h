#ifndef TENGEN_ARUCO_H
#define TENGEN_ARUCO_H
#ifdef __cplusplus
extern "C" {
#endif

// aruco_detect finds DICT_4X4_100 markers in an 8-bit grey image. It
// writes up to max markers: ids[i] and corners[8*i .. 8*i+7] (x,y of the
// four corners, clockwise from the marker's top-left), and returns how
// many it found, or -1 on an OpenCV error.
int aruco_detect(const unsigned char *pix, int width, int height, int stride,
                 int *ids, float *corners, int max);

// aruco_draw renders marker id of DICT_4X4_100 as a size x size grey
// image into out (size*size bytes). Returns 0, or -1 on an error.
int aruco_draw(int id, int size, unsigned char *out);

#ifdef __cplusplus
}
#endif
#endif
