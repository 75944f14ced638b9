declare module 'virtual:soulpress/site' {
  const site: import('./types.ts').SiteData;
  export default site;
}
