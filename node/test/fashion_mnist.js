'use strict';
/* node.fashion_mnist: the model python/examples/fashion_mnist.py trained
 * (tinygrad's beautiful_mnist), built here from the C ABI's layers, its
 * weights loaded from the safetensors file that example saved, run on the
 * 10,000 Fashion-MNIST test images in batches of 1000.
 *
 *     node fashion_mnist.js MODEL.safetensors [--min-accuracy PERCENT]
 */
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');
const { loadPackage } = require('./common');

const DATA = '/usr/share/datasets/fashion-mnist';

function read(name, offset) {
  return new Uint8Array(zlib.gunzipSync(fs.readFileSync(path.join(DATA, name))).subarray(offset));
}

function main() {
  const args = process.argv.slice(2);
  const weights = args.find((a) => !a.startsWith('--'));
  const at = args.indexOf('--min-accuracy');
  const minAccuracy = at >= 0 ? Number(args[at + 1]) : 0;
  if (!weights) {
    console.error('usage: node fashion_mnist.js MODEL.safetensors [--min-accuracy PERCENT]');
    process.exit(2);
  }
  const { Tensor, dtypes, nn, setTraining } = loadPackage();

  const start = process.hrtime.bigint();
  const seconds = () => Number(process.hrtime.bigint() - start) / 1e9;
  const model = nn.Model({
    c1: nn.Conv2d(1, 32, 5), c2: nn.Conv2d(32, 32, 5), bn1: nn.BatchNorm(32),
    c3: nn.Conv2d(32, 64, 3), c4: nn.Conv2d(64, 64, 3), bn2: nn.BatchNorm(64),
    out: nn.Linear(576, 10),
  });
  const state = nn.safeLoad(weights);
  console.log(`loaded ${state.size} tensors from ${weights}: ${state.names().join(', ')}`);
  model.loadStateDict(state, true);
  state.release();
  setTraining(false); // batch normalization with the running statistics

  const { c1, c2, bn1, c3, c4, bn2, out } = model.layers;
  const forward = (x) => {
    let h = bn1.forward(c2.forward(c1.forward(x).relu()).relu()).max_pool2d([2]);
    h = bn2.forward(c4.forward(c3.forward(h).relu()).relu()).max_pool2d([2]);
    return out.forward(h.flatten(1));
  };
  const normalize = (x) => x.cast(dtypes.float32).div(255).sub(0.2860).div(0.3530);

  const images = read('t10k-images-idx3-ubyte.gz', 16);
  const labels = read('t10k-labels-idx1-ubyte.gz', 8);
  const count = labels.length;
  if (images.length !== count * 28 * 28)
    throw new Error(`${images.length} bytes of images for ${count} labels`);
  const batch = 1000;
  let correct = 0;
  for (let begin = 0; begin < count; begin += batch) {
    const n = Math.min(batch, count - begin);
    const x = Tensor.fromArray(images.subarray(begin * 784, (begin + n) * 784), [n, 1, 28, 28]);
    const logits = forward(normalize(x));
    const predicted = logits.argmax(1).toArray();
    for (let i = 0; i < n; i++)
      correct += Number(predicted[i]) === labels[begin + i] ? 1 : 0;
    x.release();
    logits.release();
    if (begin === 0)
      console.log(`first batch: ${seconds().toFixed(2)} s`);
  }
  const accuracy = (100 * correct) / count;
  console.log(`test accuracy ${accuracy.toFixed(2)}% (${correct}/${count}) in ${seconds().toFixed(1)} s`);
  if (accuracy < minAccuracy) {
    console.error(`fashion_mnist.js: ${accuracy.toFixed(2)}% is below ${minAccuracy}%`);
    process.exit(1);
  }
}

main();
