declare module 'virtual:soulpress/site' {
  const site: import('../data/types.ts').SiteData;
  export default site;
}
