// The chart page that frames.html embeds from another origin. Which windows may drive it comes from
// the query string here (a real page would write its partner's origin into the markup).
const origins = new URLSearchParams(location.search).get('origins') ?? '';
document.getElementById('framed').setAttribute('agent-origins', origins);
