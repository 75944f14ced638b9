declare module 'virtual:soulpress/site' {
  const slot: import('../integration/virtual-site.ts').SiteSlot;
  export default slot;
}
