//===- training_log.h - the main job's CSV log and its chart ----*- C++ -*-===//
//
// Every training step's loss and accuracy, and each epoch's test accuracy,
// as CSV rows; and the curves drawn from that file as a self-contained SVG
// (nothing loaded from elsewhere), rewritten after every epoch. Both go next
// to the saved model: fashion_mnist.safetensors gives fashion_mnist.csv and
// fashion_mnist.svg.
//
//===----------------------------------------------------------------------===//
#ifndef TG_EXAMPLES_FASHION_MNIST_TRAINING_LOG_H
#define TG_EXAMPLES_FASHION_MNIST_TRAINING_LOG_H

#include <cstdint>
#include <fstream>
#include <string>

namespace fashion_mnist {

/// `model`'s path with its extension replaced by `extension` (".csv").
std::string besideModel(const std::string &model, const std::string &extension);

class TrainingLog {
public:
  /// Starts `path` afresh; a run resumed after epoch `keptEpochs` keeps
  /// that many epochs' rows (not those of the epoch that was cut short).
  TrainingLog(const std::string &path, int keptEpochs = 0);

  void step(int epoch, int64_t step, double loss, double accuracy, double lr, double seconds);
  void epoch(int epoch, int64_t step, double testAccuracy, double seconds);

private:
  std::ofstream out_;
  std::string path_;
};

/// Draws the curves of the CSV log at `csv` into `svg`: the training loss
/// above, the training accuracy and the test accuracy below, by step.
void writeChart(const std::string &csv, const std::string &svg);

} // namespace fashion_mnist

#endif // TG_EXAMPLES_FASHION_MNIST_TRAINING_LOG_H
