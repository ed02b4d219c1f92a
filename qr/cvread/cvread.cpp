#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>
#include <opencv2/core.hpp>
#include <opencv2/wechat_qrcode.hpp>
#include "cvread.h"

char* cvread_wechat(const unsigned char* px, int w, int h, int* n) {
	cv::Mat img(h, w, CV_8UC1, const_cast<unsigned char*>(px));
	// Without model files the reader uses its classic detector, no
	// neural networks.
	cv::wechat_qrcode::WeChatQRCode reader;
	std::vector<cv::Mat> corners;
	std::vector<std::string> texts = reader.detectAndDecode(img, corners);
	std::string all;
	for (size_t i = 0; i < texts.size(); i++) {
		if (i > 0) all += '\n';
		all += texts[i];
	}
	*n = (int)texts.size();
	char* out = (char*)malloc(all.size() + 1);
	memcpy(out, all.data(), all.size());
	out[all.size()] = 0;
	return out;
}
