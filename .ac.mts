import autocannon from 'autocannon';
const r = await autocannon({ url: process.argv[2], headers: { Authorization: 'Token 0123456789abcdef0123456789abcdef01234567' }, duration: Number(process.argv[3] ?? 8), connections: 8 });
console.log('rps', r.requests.average, 'p50', r.latency.p50, 'non2xx', r.non2xx);
