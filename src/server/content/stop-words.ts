/**
 * Common English words that say nothing about a question's topic ("how do I ...", "what is the ...").
 * Dropping them keeps "What is the capital of France?" from matching every article that says "the".
 */
export const stopWords: ReadonlySet<string> = new Set([
  'a', 'about', 'after', 'all', 'also', 'am', 'an', 'and', 'any', 'are', 'as', 'at', 'be', 'been', 'before',
  'being', 'both', 'but', 'by', 'can', 'could', 'did', 'do', 'does', 'doing', 'each', 'else', 'even', 'ever',
  'every', 'for', 'from', 'get', 'gets', 'got', 'had', 'has', 'have', 'having', 'he', 'her', 'here', 'him', 'his',
  'how', 'i', "i'm", 'if', 'in', 'into', 'is', 'it', "it's", 'its', 'just', 'know', 'let', 'like', 'many', 'me',
  'might', 'more', 'most', 'much', 'must', 'my', 'no', 'not', 'now', 'of', 'off', 'on', 'once', 'one', 'only',
  'or', 'other', 'our', 'ours', 'out', 'over', 'please', 's', 'say', 'shall', 'she', 'should', 'so', 'some',
  'such', 't', 'tell', 'than', 'that', "that's", 'the', 'their', 'theirs', 'them', 'then', 'there', 'these',
  'they', 'thing', 'things', 'this', 'those', 'through', 'to', 'too', 'under', 'up', 'us', 'use', 'very', 'want', 'was',
  'way', 'we', 'm', 're', 've', 'll', 'd', 'were', 'what', "what's", 'when', 'where', 'whether', 'which', 'while', 'who', 'whom', 'whose',
  'why', 'will', 'with', 'would', 'yes', 'you', 'your', 'yours',
]);
