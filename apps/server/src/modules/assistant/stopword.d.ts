// The `stopword` package ships no types; these are the parts MoejrAI uses (word lists by ISO 639-3 code).
declare module 'stopword' {
  export const eng: string[];
  export const ara: string[];
}
