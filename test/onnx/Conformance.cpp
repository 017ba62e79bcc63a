//===- Conformance.cpp - the ONNX backend test suite, case by case --------===//
//
//   tg-onnx-conformance DATA OUT.tsv [--sets=node,simple,...] [--only=IN.tsv]
//                       [--filter=TEXT] [--sample=N] [--require-all]
//
// Runs every case of the sets under DATA (each a model.onnx and its
// test_data_set_*/{input,output}_*.pb) on the default device (DEV) and
// writes one line per case to OUT.tsv: set, case, ops, result (pass, fail,
// unsupported) and why. --only runs the cases IN.tsv records as passing
// (the VULKAN run takes the CPU run's passes); --sample=N runs the first of
// every N cases left (CI's bounded slice); --require-all fails the run
// unless every case passes (the real models). Outputs compare as the
// suite's runner does: shapes and dtypes exactly, integers exactly, floats
// within 1e-3 relative plus 1e-7 absolute, NaN equal to NaN.
//
//===----------------------------------------------------------------------===//

#include "tg/Frontend/ONNX/ONNX.h"

#include <onnx/onnx_pb.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

namespace fs = std::filesystem;
using tg::Tensor;

namespace {

/// The op types of a model's graph, sorted and once each.
std::string opsOf(const fs::path &model) {
  onnx::ModelProto proto;
  std::ifstream file(model, std::ios::binary);
  if (!proto.ParseFromIstream(&file))
    return "?";
  std::set<std::string> ops;
  for (const onnx::NodeProto &node : proto.graph().node())
    ops.insert(node.op_type());
  std::string text;
  for (const std::string &op : ops)
    text += (text.empty() ? "" : ",") + op;
  return text.empty() ? "-" : text;
}

/// Why `actual` is not `expected`, or "" when it is.
std::string compare(const Tensor &actual, const Tensor &expected) {
  if (actual.dtype() != expected.dtype())
    return std::string("dtype ") + tg::name(actual.dtype()) + ", expected " +
           tg::name(expected.dtype());
  if (actual.shape() != expected.shape()) {
    auto text = [](const tg::Shape &s) {
      std::string t = "[";
      for (size_t i = 0; i < s.size(); ++i)
        t += (i ? "," : "") + std::to_string(s[i]);
      return t + "]";
    };
    return "shape " + text(actual.shape()) + ", expected " + text(expected.shape());
  }
  if (tg::isFloat(actual.dtype())) {
    std::vector<double> a = actual.cast(tg::DType::Float64).to_vector<double>();
    std::vector<double> e = expected.cast(tg::DType::Float64).to_vector<double>();
    for (size_t i = 0; i < a.size(); ++i) {
      bool same = (std::isnan(a[i]) && std::isnan(e[i])) || a[i] == e[i] ||
                  std::fabs(a[i] - e[i]) <= 1e-7 + 1e-3 * std::fabs(e[i]);
      if (!same) {
        std::ostringstream why;
        why << "element " << i << " is " << a[i] << ", expected " << e[i];
        return why.str();
      }
    }
    return "";
  }
  if (actual.to_bytes() != expected.to_bytes()) {
    std::vector<int64_t> a = actual.to_vector<int64_t>(), e = expected.to_vector<int64_t>();
    for (size_t i = 0; i < a.size(); ++i)
      if (a[i] != e[i])
        return "element " + std::to_string(i) + " is " + std::to_string(a[i]) + ", expected " +
               std::to_string(e[i]);
  }
  return "";
}

std::vector<fs::path> numbered(const fs::path &directory, const std::string &prefix) {
  std::vector<fs::path> files;
  for (int i = 0; fs::exists(directory / (prefix + std::to_string(i) + ".pb")); ++i)
    files.push_back(directory / (prefix + std::to_string(i) + ".pb"));
  return files;
}

/// Runs one case: "pass", or "fail\t<why>" / "unsupported\t<why>".
std::string runCase(const fs::path &directory) {
  tg::onnx::Model model = [&] {
    try {
      return tg::onnx::load((directory / "model.onnx").string());
    } catch (const tg::Error &e) {
      std::string why = e.what();
      bool unsupported = why.find("not supported") != std::string::npos ||
                         why.find("is newer than") != std::string::npos;
      throw std::runtime_error((unsupported ? "unsupported\t" : "fail\t") + why);
    }
  }();
  std::vector<fs::path> sets;
  for (const auto &entry : fs::directory_iterator(directory))
    if (entry.is_directory() && entry.path().filename().string().rfind("test_data_set_", 0) == 0)
      sets.push_back(entry.path());
  std::sort(sets.begin(), sets.end());
  if (sets.empty())
    return "fail\tthe case has no test data";
  for (const fs::path &set : sets) {
    // The suite stores bfloat16 tensors as their uint16 bits.
    auto asBFloat16 = [](const Tensor &t, tg::DType wanted) {
      return t.dtype() == tg::DType::UInt16 && wanted == tg::DType::BFloat16
                 ? t.bitcast(tg::DType::BFloat16)
                 : t;
    };
    std::vector<Tensor> inputs;
    for (const fs::path &file : numbered(set, "input_")) {
      Tensor input = tg::onnx::read_tensor(file.string());
      size_t i = inputs.size();
      inputs.push_back(i < model.inputs().size() ? asBFloat16(input, model.inputs()[i].dtype)
                                                 : input);
    }
    std::vector<Tensor> outputs;
    try {
      outputs = model(inputs);
      Tensor::realize(outputs);
    } catch (const tg::Error &e) {
      std::string why = e.what();
      bool unsupported = why.find("not supported") != std::string::npos;
      return (unsupported ? "unsupported\t" : "fail\t") + why;
    }
    std::vector<fs::path> expected = numbered(set, "output_");
    if (expected.size() > outputs.size())
      return "fail\t" + std::to_string(outputs.size()) + " outputs, expected " +
             std::to_string(expected.size());
    for (size_t i = 0; i < expected.size(); ++i) {
      Tensor wanted = tg::onnx::read_tensor(expected[i].string());
      Tensor actual = outputs[i].dtype() == tg::DType::BFloat16 && wanted.dtype() == tg::DType::UInt16
                          ? outputs[i].bitcast(tg::DType::UInt16)
                          : outputs[i];
      std::string why = compare(actual, wanted);
      if (!why.empty())
        return "fail\toutput " + std::to_string(i) + ": " + why;
    }
  }
  return "pass";
}

std::string oneLine(std::string text) {
  std::replace(text.begin(), text.end(), '\n', ' ');
  std::replace(text.begin(), text.end(), '\t', ' ');
  return text.size() > 300 ? text.substr(0, 300) + "..." : text;
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: tg-onnx-conformance DATA OUT.tsv [--sets=a,b] [--only=IN.tsv] "
                         "[--filter=TEXT] [--sample=N] [--require-all]\n");
    return 2;
  }
  fs::path data = argv[1];
  std::string out = argv[2];
  std::vector<std::string> sets = {"node", "pytorch-converted", "pytorch-operator", "simple"};
  std::set<std::string> only;
  bool restricted = false;
  std::string filter;
  bool requireAll = false;
  long sample = 1;
  for (int i = 3; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg.rfind("--sets=", 0) == 0) {
      sets.clear();
      std::stringstream list(arg.substr(7));
      for (std::string set; std::getline(list, set, ',');)
        sets.push_back(set);
    } else if (arg.rfind("--only=", 0) == 0) {
      restricted = true;
      std::ifstream in(arg.substr(7));
      for (std::string line; std::getline(in, line);) {
        std::vector<std::string> fields;
        std::stringstream row(line);
        for (std::string field; std::getline(row, field, '\t');)
          fields.push_back(field);
        if (fields.size() >= 4 && fields[3] == "pass")
          only.insert(fields[0] + "/" + fields[1]);
      }
    } else if (arg == "--require-all") {
      requireAll = true;
    } else if (arg.rfind("--filter=", 0) == 0) {
      filter = arg.substr(9);
    } else if (arg.rfind("--sample=", 0) == 0) {
      char *end = nullptr;
      sample = std::strtol(arg.c_str() + 9, &end, 10);
      if (*end != '\0' || sample < 1) {
        std::fprintf(stderr, "tg-onnx-conformance: --sample wants a count of 1 or more, not %s\n",
                     arg.c_str() + 9);
        return 2;
      }
    } else {
      std::fprintf(stderr, "tg-onnx-conformance: unknown option %s\n", arg.c_str());
      return 2;
    }
  }

  std::ofstream results(out);
  if (!results) {
    std::fprintf(stderr, "tg-onnx-conformance: cannot write %s\n", out.c_str());
    return 1;
  }
  int total = 0, passed = 0;
  long selected = 0;
  auto start = std::chrono::steady_clock::now();
  for (const std::string &set : sets) {
    if (!fs::is_directory(data / set)) {
      std::fprintf(stderr, "tg-onnx-conformance: no set %s under %s\n", set.c_str(),
                   data.c_str());
      return 1;
    }
    std::vector<fs::path> cases;
    for (const auto &entry : fs::directory_iterator(data / set))
      if (entry.is_directory())
        cases.push_back(entry.path());
    std::sort(cases.begin(), cases.end());
    int setTotal = 0, setPassed = 0;
    for (const fs::path &directory : cases) {
      std::string name = directory.filename().string();
      if (restricted && !only.count(set + "/" + name))
        continue;
      if (!filter.empty() && name.find(filter) == std::string::npos)
        continue;
      if (selected++ % sample != 0)
        continue;
      std::string result;
      try {
        result = runCase(directory);
      } catch (const std::runtime_error &e) {
        result = e.what();
      } catch (const std::exception &e) {
        result = std::string("fail\t") + e.what();
      }
      size_t tab = result.find('\t');
      std::string status = result.substr(0, tab);
      std::string why = tab == std::string::npos ? "" : oneLine(result.substr(tab + 1));
      results << set << '\t' << name << '\t' << opsOf(directory / "model.onnx") << '\t'
              << status << '\t' << why << '\n';
      results.flush();
      if (status != "pass")
        std::printf("%s/%s: %s: %s\n", set.c_str(), name.c_str(), status.c_str(), why.c_str());
      ++setTotal;
      ++total;
      if (status == "pass") {
        ++setPassed;
        ++passed;
      }
    }
    std::printf("%s: %d of %d cases pass\n", set.c_str(), setPassed, setTotal);
    std::fflush(stdout);
  }
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("total: %d of %d cases pass (%.1f%%) in %.0f s%s\n", passed, total,
              total ? 100.0 * passed / total : 0.0, seconds,
              sample > 1 ? (" (1 in " + std::to_string(sample) + " sampled)").c_str() : "");
  return requireAll && passed != total ? 1 : 0;
}
