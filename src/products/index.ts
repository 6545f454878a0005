// The product catalog of a connection: fetched over GET /v2/plans, indexed, described, and checked against
// payloads. Core: no `vscode`; a lazy bundle of its own (esbuild.js), loaded with the first catalog use.
export { ProductCatalog, type CatalogPlan, type CatalogPrice } from './catalog';
export { fetchPlans, fetchProductCatalog, CATALOG_PAGE_SIZE, type FetchOptions } from './fetch';
export { catalogPlan, copiedMessage, copyCatalog, type CopiedCatalog } from './copy';
export { amountsText, modelName, periodText, planLines, planTitle, priceLine } from './describe';
export { closestIds } from './closest';
export { catalogChoices, CHOICES_SHOWN, type CatalogChoice, type CatalogChoices } from './completion';
export { catalogRefAt, catalogRefs, mentionsCatalog, type CatalogField, type CatalogRef, type PlanRef } from './fields';
export { checkCatalog, type CatalogCode, type CatalogFinding } from './check';
export { fetchAccountSubscriptions, type AccountSubscription } from './subscriptions';
export { subscriptionRefAt, type SubscriptionField, type SubscriptionRef } from './subscriptionFields';
