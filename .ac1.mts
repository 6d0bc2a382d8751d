import autocannon from 'autocannon';
const r = await autocannon({ url: process.argv[2], headers: { Authorization: 'Token 0123456789abcdef0123456789abcdef01234567' }, duration: Number(process.argv[3] ?? 5), connections: Number(process.argv[4] ?? 1) });
console.log('rps', r.requests.average, 'p50', r.latency.p50, 'p99', r.latency.p99, 'non2xx', r.non2xx, process.argv[2].slice(21));
